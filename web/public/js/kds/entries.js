// What a station board shows of its orders: a card for each fired ticket here (paced orders may
// have one per course), a strip entry for each held one, and, a moment longer, what was called off.
import { courseOfDish } from '../lib/courses.js';
import { stillOnBoard } from '../lib/tickets.js';
/** @import { Ticket } from '../../../types/api.js' */
/** @import { StationOrder } from '../lib/station-book.js' */

/** A deleted order's tickets show voided this long, unless a cook acknowledges them first. */
export const DELETED_SHOWN_MS = 10_000;
/** A Voided ticket stays until acknowledged, and at most this long (as in the server's queue). */
export const VOIDED_SHOWN_MS = 10 * 60_000;

/**
 * A card: one ticket of an order, with the order holding only that ticket's dishes.
 * @typedef {{ key: string, order: StationOrder, ticket: Ticket, voided: boolean }} Entry
 */

/**
 * A card's key: the order's id for its first course and round, with the course (`:c2`) and the
 * round (`:r2`, a later round or a remake) after it for the others.
 * @param {string} id @param {Ticket} ticket
 */
const keyOf = (id, ticket) =>
  `${id}${(ticket.course ?? 1) === 1 ? '' : `:c${ticket.course}`}${(ticket.round ?? 1) === 1 ? '' : `:r${ticket.round}`}`;
/** @param {string} key @returns {{ id: string, course: number, round: number }} */
export const parseKey = (key) => {
  const [id = '', ...rest] = key.split(':');
  /** @param {string} letter */
  const part = (letter) => Number(rest.find((each) => each.startsWith(letter))?.slice(1) ?? 1);
  return { id, course: part('c'), round: part('r') };
};
/** When a ticket was called off: its last change (docs/pacing.md), or the order's deletion. @param {StationOrder} order @param {Ticket} ticket */
export const voidedAt = (order, ticket) =>
  order.deleted_at ? Number(order.deleted_at) : Date.parse(ticket.changes?.at(-1)?.at ?? ticket.fired_at ?? '') || 0;
/** What a cook's acknowledgement of a voided card is remembered by. @param {Entry} entry */
export const ackKey = (entry) => `${entry.key}@${voidedAt(entry.order, entry.ticket)}`;

/**
 * @param {Map<string, StationOrder>} records @param {string} station @param {Set<string>} acknowledged
 * @param {number} now @returns {{ cards: Entry[], held: Entry[] }}
 */
export function stationEntries(records, station, acknowledged, now) {
  /** @type {Entry[]} */
  const cards = [];
  /** @type {Entry[]} */
  const held = [];
  for (const order of records.values()) {
    const course = courseOfDish(order, order.dishes ?? [], station);
    for (const ticket of (order.tickets ?? []).filter((each) => each.station === station)) {
      const n = ticket.course ?? 1;
      const entry = {
        key: keyOf(order.id, ticket),
        order: { ...order, dishes: (order.dishes ?? []).filter((dish) => course(dish) === n) },
        ticket,
        voided: false,
      };
      if (order.deleted_at) {
        if (ticket.fired_at && now - order.deleted_at < DELETED_SHOWN_MS) cards.push({ ...entry, voided: true });
      } else if (ticket.status === 'Voided') {
        if (now - voidedAt(order, ticket) < VOIDED_SHOWN_MS) cards.push({ ...entry, voided: true });
      } else if (ticket.status === 'Draft') held.push(entry);
      else if (stillOnBoard(ticket, now)) cards.push(entry);
    }
  }
  return { cards: cards.filter((entry) => !entry.voided || !acknowledged.has(ackKey(entry))), held };
}

/**
 * Deleted orders shown long enough: dropped from the records.
 * @param {Map<string, StationOrder>} records @param {number} now @returns {boolean} whether any was
 */
export function dropDeleted(records, now) {
  let dropped = false;
  for (const [id, order] of records) {
    if (order.deleted_at && now - order.deleted_at >= DELETED_SHOWN_MS) {
      records.delete(id);
      dropped = true;
    }
  }
  return dropped;
}
