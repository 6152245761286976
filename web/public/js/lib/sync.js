// Keeps a board's records in step: a REST snapshot replaces everything, and live events that arrive
// while the snapshot loads are held and replayed on top of it, so none is lost or applied twice.
// A render says whether a record appeared: by an event, or by a snapshot after the first (a board
// that reconnects and reloads finds the orders placed meanwhile new, as its cooks do).
import { isOrderEvent } from './events.js';
/** @import { KitchenOrder, LiveEvent } from '../../../types/api.js' */

/**
 * @template T
 * @template E the events the records follow (live events, or the board's own answers in their shape)
 * @param {{
 *   load: () => Promise<T[]>,
 *   apply: (records: Map<string, T>, event: E) => unknown,
 *   render: (reason: 'snapshot' | 'event', applied?: unknown) => void,
 *   onError: (error: Error) => void,
 * }} options
 */
export function createSync({ load, apply, render, onError }) {
  /** @type {Map<string, T>} */
  let records = new Map();
  /** @type {E[] | null} events held while a snapshot loads */
  let held = null;
  let generation = 0;
  /** True once a snapshot has been applied: until then the records are an empty map, not the board's. */
  let loaded = false;

  async function resync() {
    const mine = ++generation;
    held = [];
    try {
      const snapshot = await load();
      if (mine !== generation) return;
      const shown = records;
      records = new Map(snapshot.map((record) => [/** @type {any} */ (record).id, record]));
      let appeared = loaded && [...records.keys()].some((id) => !shown.has(id));
      for (const event of held) if (apply(records, event) === true) appeared = true;
      held = null;
      loaded = true;
      render('snapshot', appeared);
    } catch (error) {
      if (mine !== generation) return;
      held = null;
      onError(/** @type {Error} */ (error));
      if (isWorthRetrying(error)) setTimeout(() => retry(mine), 3_000);
    }
  }

  /** @param {number} failed the generation that failed: a newer resync makes the retry moot */
  function retry(failed) {
    if (failed === generation) void resync();
  }

  /** @param {E} event */
  function receive(event) {
    if (held) held.push(event);
    else render('event', apply(records, event));
  }

  return { resync, receive, records: () => records, loaded: () => loaded };
}

/** Network trouble and server errors pass; a refusal (signed out, not allowed) will not. @param {unknown} error */
function isWorthRetrying(error) {
  const status = /** @type {{ status?: number }} */ (error).status;
  return status === undefined || status >= 500 || status === 429;
}

/**
 * True when `incoming` is not older than what is held (events can arrive after a fresher snapshot).
 * @param {{ updated_at?: string } | undefined} held @param {{ updated_at?: string }} incoming
 */
export function isFresher(held, incoming) {
  return !held || !incoming.updated_at || !held.updated_at || incoming.updated_at >= held.updated_at;
}

/**
 * Applies one order event to a board's orders: a deletion drops the order, a fresher version is
 * kept while `belongs` says it is the board's and dropped once it is not, an older one is ignored.
 * Returns true when an order appeared that was not shown before.
 * @template {KitchenOrder} T
 * @param {Map<string, T>} orders @param {LiveEvent} event
 * @param {(order: T) => boolean} belongs
 */
export function applyOrderEvent(orders, event, belongs) {
  if (!isOrderEvent(event)) return false;
  const data = /** @type {T} */ (event.data);
  const held = orders.get(data.id);
  if (event.type === 'order.deleted') orders.delete(data.id);
  else if (!isFresher(held, data)) return false;
  else if (belongs(data)) orders.set(data.id, data);
  else orders.delete(data.id);
  return !held && orders.has(data.id);
}
