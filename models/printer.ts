// Kitchen printers: the settings' `printers` (where each one stands and what it prints), the state
// GET /printers reports, and the print jobs kept in the store until a printer has taken them.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Id, Nullable, Timestamp } from './common.js';
import { STATIONS, type Station } from './dish.js';

export const PRINTER_MODES = ['always', 'fallback'] as const;
export type PrinterMode = (typeof PRINTER_MODES)[number];
export const MAX_PRINTERS = 20;
export const DEFAULT_PRINTER_PORT = 9100;
export const DEFAULT_PRINTER_COLUMNS = 42;

const fields = {
  id: Id,
  name: Type.String({ minLength: 1, maxLength: 120, description: 'What the kitchen calls it.', examples: ['Hot line'] }),
  host: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'Its network name or address (IPv4, IPv6 or a host name).',
    examples: ['192.168.1.50'],
  }),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: 'Raw ESC/POS over TCP; 9100 by default.', examples: [9100] }),
  stations: Type.Array(Type.Enum(STATIONS), {
    minItems: 1,
    maxItems: STATIONS.length,
    uniqueItems: true,
    description: 'The stations whose tickets it prints.',
    examples: [['hot']],
  }),
  mode: Type.Enum(PRINTER_MODES, {
    description:
      'always: every ticket of its stations prints when it fires, and again (NEW, VOID, REMAKE) when it changes. ' +
      "fallback: it prints only while none of the station's boards answers the server's heartbeats (30 s after the last one went silent).",
  }),
  columns: Type.Integer({ minimum: 32, maximum: 64, description: 'Characters per line (42 on 80 mm paper, 32 on 58 mm).', examples: [42] }),
};

export const Printer = Type.Object(fields, { $id: 'Printer', additionalProperties: false });
export type Printer = Static<typeof Printer>;

/** As sent in the settings: the id is assigned when omitted, port and columns have defaults. */
export const PrinterInput = Type.Object(
  {
    id: Type.Optional(fields.id),
    name: fields.name,
    host: fields.host,
    port: Type.Optional(fields.port),
    stations: fields.stations,
    mode: fields.mode,
    columns: Type.Optional(fields.columns),
  },
  { additionalProperties: false },
);
export type PrinterInput = Static<typeof PrinterInput>;

export const Printers = Type.Array(Printer, {
  maxItems: MAX_PRINTERS,
  description: 'The kitchen printers (docs/printers.md). At most 20.',
});
export const PrintersInput = Type.Array(PrinterInput, {
  maxItems: MAX_PRINTERS,
  description: 'The kitchen printers: ids are assigned when omitted and kept when given; port defaults to 9100, columns to 42.',
});

export const PRINTER_STATES = ['ok', 'unreachable', 'paper_out'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const PrinterStatus = Type.Object(
  {
    ...fields,
    state: Type.Enum(PRINTER_STATES, {
      description: 'ok: it answered the last time it was asked; unreachable: no answer; paper_out: it says its paper has run out.',
    }),
    last_error: Nullable(Type.String({ description: 'What went wrong the last time; null once it answers again.' })),
    checked_at: Nullable(Timestamp),
    jobs_waiting: Type.Integer({ minimum: 0, description: 'Chits made for it and not yet printed.' }),
    taken_over: Type.Array(Type.Enum(STATIONS), {
      description: 'A fallback printer: the stations it prints for now, because none of their boards is live.',
    }),
  },
  { $id: 'PrinterStatus' },
);
export type PrinterStatus = Static<typeof PrinterStatus>;

/**
 * A printer's state as last reported by an instance that talks to it (domain/printers/states.ts):
 * what GET /printers answers for it, stored so that every instance pushes it to its screens
 * (`printer.state`). Written when the state, the error, the jobs waiting or the takeover change.
 */
export type PrinterStateDoc = PrinterStatus & { created_at: string; updated_at: string };

export const printerStateCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', filterable: true },
};

export const CHIT_MARKERS = ['NEW', 'VOID', 'REMAKE', 'REPRINT', 'TEST'] as const;
export type ChitMarker = (typeof CHIT_MARKERS)[number];

/** One line of a chit's items: what to cook, how many, and how. */
export interface ChitItem {
  quantity: number;
  name: string;
  seat: number | null;
  /** "NO onion" for a removal, the option's name otherwise. */
  modifiers: string[];
  note: string | null;
  voided: boolean;
}

/** What a chit says, fixed when its job is made: printing it later prints what fired then. */
export interface Chit {
  marker: ChitMarker | null;
  station: Station | null;
  /** The allergy line, first on the paper; null when none. */
  allergy: string | null;
  /** In large type: "Table 12" or the order's name. */
  heading: string;
  seats: number[];
  course: number | null;
  round: number | null;
  items: ChitItem[];
  /** A free line under the items (the order's special requests, a test chit's text). */
  note: string | null;
  order_id: string | null;
  /** When the ticket fired (ISO), printed in the restaurant's time zone. */
  fired_at: string | null;
  time_zone: string;
}

/** How long a job is kept (PrintJobDoc.expires_at). */
export const PRINT_JOB_TTL_MS = 2 * 24 * 60 * 60 * 1000;

/** A chit waiting for (or taken by) one printer. */
export interface PrintJobDoc {
  id: string;
  created_at: string;
  updated_at: string;
  printer_id: string;
  /** The order jobs are printed in: when it was made, in microseconds, kept increasing per process. */
  sequence: number;
  status: 'waiting' | 'printed';
  chit: Chit;
  attempts: number;
  last_error: string | null;
  /** Another instance printing it holds it until then (ISO); '' when nobody holds it. */
  held_until: string;
  printed_at: string | null;
  /**
   * Two days after it was made the store deletes it, printed or not (a chit that old is of no use):
   * until then a job derived again (a restart's catch-up) is known as made, and not printed twice.
   */
  expires_at: string;
}

export const printJobCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  printer_id: { type: 'string', filterable: true },
  status: { type: 'enum', enum: ['waiting', 'printed'], filterable: true },
  sequence: { type: 'number', sortable: true, filterable: true },
  held_until: { type: 'string', filterable: true },
  expires_at: { type: 'date', sortable: true, filterable: true },
};

/** The spool's bookmark: every order change up to `heard_through` has had its jobs made. */
export interface PrintSpoolDoc {
  id: string;
  created_at: string;
  updated_at: string;
  heard_through: string;
}

export const printSpoolCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
};
