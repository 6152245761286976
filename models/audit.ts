// The audit trail of an order: who placed, changed, bumped, fired, voided or deleted it, each entry
// written in the transaction of the change it records and kept 90 days (domain/orders/audit.ts).
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Nullable, Timestamp } from './common.js';

export const AUDIT_ACTIONS = [
  'placed',
  'changed',
  'bumped',
  'fired',
  'voided',
  'deleted',
  'allergy_confirmed',
  'items_added',
  'item_voided',
  'item_remade',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** How long an entry is kept: the stores delete it once this has passed since it was written. */
export const AUDIT_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export const AuditEntry = Type.Object(
  {
    at: Timestamp,
    user_id: Nullable(Type.String({ description: 'Who did it; null for the scheduler.', examples: ['674d0bf5c28b69001f8e03a1'] })),
    user_name: Type.String({ description: 'Their user name when they did it; "scheduler" for fires by the clock.', examples: ['expo'] }),
    action: Type.Enum(AUDIT_ACTIONS),
    changes: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'What the action did (docs/audit.md). placed, changed, deleted: each field touched as `{ before, ' +
          'after }` (placed: before null; deleted: `status` after null). bumped: `{ station, course, from, to ' +
          '}`. fired: `{ course, tickets: [{ station, course }] }` (course null when every held ticket fired). ' +
          'voided: `{ tickets: [{ station, course }] }`.',
        examples: [{ priority: { before: 3, after: 1 } }],
      },
    ),
  },
  { $id: 'AuditEntry', description: 'One thing that happened to an order, and who did it.' },
);
export type AuditEntry = Static<typeof AuditEntry>;

export interface AuditEntryDoc extends AuditEntry {
  id: string;
  created_at: string;
  updated_at: string;
  order_id: string;
  /** The stores delete the entry once this has passed (MongoDB: a TTL index). */
  expires_at: string;
}

/** What GET /orders/{id}/audit may filter, sort and pick (`fields`) by. */
export const auditEntryCatalogue: Catalogue = {
  at: { type: 'date', sortable: true, filterable: true },
  user_id: { type: 'string', sortable: true, filterable: true },
  user_name: { type: 'string', sortable: true, filterable: true },
  action: { type: 'enum', enum: AUDIT_ACTIONS, sortable: true, filterable: true },
  changes: { type: 'object' },
};

export const auditCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  order_id: { type: 'string', filterable: true },
  expires_at: { type: 'date', sortable: true, filterable: true },
};
