// The audit trail: who placed, changed, bumped, fired, voided or deleted an order. Each entry is one
// insert inside the transaction of the write it records (never a read), so a rolled-back write
// leaves none and a committed one always has its own; managers read an order's entries oldest first.
import { AUDIT_TTL_MS, auditEntryCatalogue, type AuditAction, type AuditEntry, type AuditEntryDoc } from '../../models/audit.js';
import { evaluateListQuery } from '../../query/evaluate.js';
import type { OrderDoc, StoredTicket } from '../../models/order.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { StoreSession } from '../../store/types.js';
import { requireManager } from '../accounts/access.js';
import type { Deps } from '../deps.js';
import { notFound } from '../errors.js';
import { courseOfTicket } from '../kitchen/pacing.js';
import type { Principal } from '../accounts/principal.js';

/** Who an entry names: a signed-in person, or the scheduler (fires by the clock). */
export interface Actor {
  user_id: string | null;
  user_name: string;
}

export const SCHEDULER: Actor = { user_id: null, user_name: 'scheduler' };
export const actorOf = (principal: Principal): Actor => ({ user_id: principal.userId, user_name: principal.userName });

type Changes = Record<string, unknown>;

/** Writes one entry in `session` (the transaction of the change it records). */
export async function recordAudit(
  session: StoreSession,
  orderId: string,
  actor: Actor,
  action: AuditAction,
  changes: Changes,
  at: string,
): Promise<void> {
  const expires_at = new Date(Date.parse(at) + AUDIT_TTL_MS).toISOString();
  await session
    .collection('order_audit')
    .insert({ order_id: orderId, at, user_id: actor.user_id, user_name: actor.user_name, action, changes, expires_at });
}

/** The order fields a person sets or moves, as clients see them (defaults of orders stored before a field existed). */
const AUDITED: Record<string, (order: OrderDoc) => unknown> = {
  name: (order) => order.name,
  dish_ids: (order) => order.dish_ids,
  table_number: (order) => order.table_number,
  special_requests: (order) => order.special_requests,
  scheduled_at: (order) => order.scheduled_at,
  allergies: (order) => order.allergies ?? [],
  priority: (order) => order.priority,
  status: (order) => order.status,
  pacing: (order) => order.pacing,
  course_gap_minutes: (order) => order.course_gap_minutes ?? null,
};

/** The audited fields that differ, each as `{ before, after }`; null stands for the side that does not exist. */
export function fieldChanges(before: OrderDoc | null, after: OrderDoc | null): Changes {
  const changes: Changes = {};
  for (const [field, read] of Object.entries(AUDITED)) {
    const was = before ? read(before) : null;
    const now = after ? read(after) : null;
    // A side that does not exist differs from every value but null: no need to serialize (placing an order).
    const differs = was === null || now === null ? was !== now : JSON.stringify(was) !== JSON.stringify(now);
    if (differs) changes[field] = { before: was, after: now };
  }
  return changes;
}

const slot = (ticket: StoredTicket) => ({ station: ticket.station, course: courseOfTicket(ticket) });
const key = (ticket: StoredTicket) => `${ticket.station}|${courseOfTicket(ticket)}`;

/** The tickets of `after` that `test` picks and whose counterpart in `before` (same station and course) it did not. */
function newly(before: readonly StoredTicket[], after: readonly StoredTicket[], test: (ticket: StoredTicket) => boolean) {
  const was = new Set(before.filter(test).map(key));
  return after.filter((ticket) => test(ticket) && !was.has(key(ticket))).map(slot);
}

/** A fire's changes: the tickets it fired; `course` when a person fired one course, else null. */
export const firedChanges = (before: readonly StoredTicket[], after: readonly StoredTicket[], course: number | null): Changes => ({
  course,
  tickets: newly(before, after, (ticket) => ticket.fired_at !== null),
});

/** The tickets an edit voided (its dishes left them), or null when it voided none. */
export function voidedChanges(before: readonly StoredTicket[], after: readonly StoredTicket[]): Changes | null {
  const tickets = newly(before, after, (ticket) => ticket.status === 'Voided');
  return tickets.length > 0 ? { tickets } : null;
}

const publicEntry = ({ at, user_id, user_name, action, changes }: AuditEntryDoc): AuditEntry => ({
  at,
  user_id,
  user_name,
  action,
  changes,
});

/**
 * GET /orders/{id}/audit: managers; also for a deleted order, while its entries are kept. The list
 * parameters apply to the order's whole trail (tens of entries), oldest first without a `sort`.
 */
export async function orderAudit(
  { store }: Deps,
  principal: Principal | null,
  id: string,
  query: ListQuery,
): Promise<ListResult<AuditEntry>> {
  requireManager(principal, "read an order's audit trail");
  const trail = await store
    .collection('order_audit')
    .find([{ field: 'order_id', op: 'eq', value: id }], { sort: { field: 'created_at', direction: 'asc' } });
  if (trail.length === 0 && !(await store.collection('orders').get(id)))
    throw notFound(`No order with id ${id}, and no audit trail for it.`);
  const page = evaluateListQuery(trail, query, auditEntryCatalogue);
  return { results: page.results.map(publicEntry), total_results: page.total_results };
}
