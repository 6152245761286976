// The restaurant's settings: one stored document, every field with a default (the contract's
// "Settings"). `time_zone` is checked against the runtime's IANA database (domain/settings.ts).
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Nullable, Timestamp } from './common.js';
import { DEFAULT_PACING, PACINGS, type Pacing } from './order.js';
import { Printers, PrintersInput } from './printer.js';

export { PACINGS, type Pacing };

const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    'An IANA time zone name (links such as Asia/Kolkata included). The kitchen report buckets days and hours, and says "today", in it.',
  examples: ['Europe/Berlin'],
});
const DefaultPacing = Type.Enum(PACINGS, { description: 'The pacing of an order placed without one.' });
const MaxWaitMinutes = Nullable(
  Type.Number({
    exclusiveMinimum: 0,
    description: 'Patrons\' orders quoted beyond this many minutes are refused (409 "The kitchen is full"); null: no limit.',
    examples: [45],
  }),
);
const LowPortions = Type.Integer({
  minimum: 0,
  description: 'A dish whose portions_left changes to this or fewer is announced to the menu room.',
  examples: [10],
});

const Cooks = Nullable(Type.Integer({ minimum: 1, maximum: 20, description: 'Tickets the station cooks at once tonight; null: learned.' }));
const Staffing = Type.Object(
  { cold: Cooks, hot: Cooks, beverages: Cooks },
  {
    additionalProperties: false,
    description:
      "How many tickets each station cooks at once tonight: when set, the station's cooks for quotes and fire times; " +
      'when null, the server estimates them from the tickets it sees cooked at once.',
  },
);
/** In a change: the stations given are set; PATCH keeps the others, PUT makes them null. */
const StaffingChange = Type.Object(
  { cold: Type.Optional(Cooks), hot: Type.Optional(Cooks), beverages: Type.Optional(Cooks) },
  { additionalProperties: false, description: 'The stations given are set; PATCH keeps the others, PUT makes them null.' },
);
const CourseGapMinutes = Nullable(
  Type.Number({
    minimum: 0,
    maximum: 120,
    description: 'The course_gap_minutes of an order placed without one (null: later courses fire only by hand).',
    examples: [5],
  }),
);
/** The languages every screen speaks (the contract's "Language"). */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const LanguageField = Type.Enum(LANGUAGES, {
  description: "The staff screens' language, unless a person picks another on a device; guests' screens follow their browser.",
});
const Currency = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'The ISO 4217 code prices are shown in (one the runtime knows, checked in domain/settings.ts).',
  examples: ['EUR'],
});

const fields = {
  time_zone: TimeZone,
  default_pacing: DefaultPacing,
  max_wait_minutes: MaxWaitMinutes,
  low_portions: LowPortions,
  staffing: Staffing,
  course_gap_minutes: CourseGapMinutes,
  language: LanguageField,
  currency: Currency,
  printers: Printers,
};

export const Settings = Type.Object({ ...fields, updated_at: Nullable(Timestamp) }, { $id: 'Settings' });
export type Settings = Static<typeof Settings>;

/** Stored as one document with a fixed id (SETTINGS_ID). */
export type SettingsDoc = Omit<Settings, 'updated_at'> & { id: string; created_at: string; updated_at: string };

/** PUT: every field given is set, every field left out returns to its default. */
export const SettingsReplace = Type.Object(
  {
    time_zone: Type.Optional(TimeZone),
    default_pacing: Type.Optional(DefaultPacing),
    max_wait_minutes: Type.Optional(MaxWaitMinutes),
    low_portions: Type.Optional(LowPortions),
    staffing: Type.Optional(StaffingChange),
    course_gap_minutes: Type.Optional(CourseGapMinutes),
    language: Type.Optional(LanguageField),
    currency: Type.Optional(Currency),
    printers: Type.Optional(PrintersInput),
  },
  { additionalProperties: false },
);
export type SettingsReplace = Static<typeof SettingsReplace>;

/** PATCH: only the fields given change. */
export const SettingsPatch = Type.Object(SettingsReplace.properties, { additionalProperties: false, minProperties: 1 });
export type SettingsPatch = Static<typeof SettingsPatch>;

export const DEFAULT_SETTINGS: Readonly<Omit<Settings, 'updated_at'>> = Object.freeze({
  time_zone: 'UTC',
  default_pacing: DEFAULT_PACING,
  max_wait_minutes: null,
  low_portions: 10,
  staffing: Object.freeze({ cold: null, hot: null, beverages: null }),
  course_gap_minutes: null,
  language: 'en',
  currency: 'USD',
  printers: [],
});

/** The one document's id (24 hex characters, as every id). */
export const SETTINGS_ID = '5e7711195e7711195e771119';

export const settingsCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', sortable: true, filterable: true },
};
