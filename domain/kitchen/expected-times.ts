// Keeps each open order's expected_ready_at current without writing every open order on every bump:
// a second after the queues move (and every 30 seconds, as time passes), each open order is re-estimated in
// memory (O(stations) each) and only those whose estimate moved by a minute or more are written. The
// same pass re-times the held tickets of paced orders (fire-times.ts) and writes those that moved.
// That write is an ordinary order change, so its `order.updated` reaches the expeditor and the
// owner through the change feed like any other, on every instance.
import type { FastifyBaseLogger } from 'fastify';
import type { EachWrite, Store } from '../../store/types.js';
import type { OrderDoc } from '../../models/order.js';
import { nextFireAt, orderFireAt, retimedTickets, type StationTimes } from './fire-times.js';
import type { KitchenQueues } from './kitchen-queues.js';

/** A new estimate is written once it is this far from the stored one. */
export const MOVE_MS = 60_000;
const SWEEP_MS = 30_000;
/**
 * At most this many orders are written by one pass, those whose estimate moved most first; the
 * next pass (a moment later) takes the rest. A kitchen holds tens of open orders, but a queue of
 * thousands (a load test, a night of orders never closed) must not become one transaction of
 * thousands of writes that holds the event loop for seconds.
 */
export const MAX_WRITES_PER_PASS = 100;
/**
 * And at most this many open orders are re-estimated by one pass (each O(stations)), taken in turn
 * from where the last pass stopped: a kitchen's tens of orders are all seen every pass, while a
 * queue of thousands costs the server a bounded slice of a second each time, not all of it.
 */
export const MAX_ESTIMATES_PER_PASS = 500;
/**
 * A pass waits this long after the first move: the bumps of one order's stations, made together,
 * are then seen together, and its estimate is written once (or not at all, once it is Ready).
 */
const SETTLE_MS = 1_000;

export class ExpectedTimes {
  private timer: NodeJS.Timeout | null = null;
  private queued: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = true;
  /** Where the next pass resumes among the open orders (a live view of the map: it follows changes). */
  private cursor: IterableIterator<OrderDoc> | null = null;

  constructor(
    private readonly store: Store,
    private readonly queues: KitchenQueues,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly onRetimed?: () => void,
  ) {
    queues.onMove(() => this.schedule());
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.schedule(), SWEEP_MS);
    this.timer.unref();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.queued) clearTimeout(this.queued);
    this.queued = null;
    await this.running;
  }

  /** One pass a moment after the queues move (the moves meanwhile join it). */
  private schedule(): void {
    if (this.stopped || this.queued) return;
    this.queued = setTimeout(() => {
      this.queued = null;
      this.running = this.running
        .then(() => this.pass())
        .catch((error: unknown) => this.log.warn({ err: error }, 'expected ready times not updated; the next pass retries'));
    }, SETTLE_MS);
    this.queued.unref();
  }

  /**
   * The writes a pass makes: the open orders whose estimate moved by MOVE_MS or more, at most
   * MAX_WRITES_PER_PASS of them (the largest moves first); `more` says some were left for later.
   */
  moved(now: number): { writes: EachWrite<OrderDoc>[]; more: boolean; retimed: boolean } {
    const moves: { by: number; write: EachWrite<OrderDoc> }[] = [];
    let times: StationTimes | undefined;
    for (const seen of this.nextOrders()) {
      // A paced order's held tickets first: its estimate then reads their new fire times.
      const paced = seen.pacing !== undefined && seen.pacing !== 'at_once';
      const tickets = paced ? retimedTickets(seen, (times ??= this.queues.stationTimes()), now) : null;
      const order = tickets ? { ...seen, tickets } : seen;
      const expected = this.queues.expectedReadyAt(order, now);
      if (expected === null) continue;
      const stored = order.expected_ready_at ? Date.parse(order.expected_ready_at) : null;
      const by = stored === null ? Number.POSITIVE_INFINITY : Math.abs(expected - stored);
      if (by < MOVE_MS && !tickets) continue;
      const set: Partial<OrderDoc> = by < MOVE_MS ? {} : { expected_ready_at: new Date(expected).toISOString() };
      if (tickets) Object.assign(set, { tickets, next_fire_at: nextFireAt(tickets), fire_at: orderFireAt(null, tickets) ?? seen.fire_at });
      // Guarded by the order as seen: a write since wins, and the next pass looks again. updated_at
      // alone misses a write in the same millisecond; the status catches the one that matters, the
      // last ticket's bump, which sets the real ready time and takes the order out of the passes,
      // and the stored estimate catches a change that expected the order anew (work added).
      moves.push({
        // A re-timed fire is written before any estimate: the ticket must reach its station in time.
        by: tickets ? Number.POSITIVE_INFINITY : by,
        write: {
          id: order.id,
          update: { set },
          if: [
            { field: 'updated_at', op: 'eq', value: order.updated_at },
            { field: 'status', op: 'eq', value: order.status },
            { field: 'expected_ready_at', op: 'eq', value: seen.expected_ready_at ?? null },
          ],
        },
      });
    }
    if (moves.length > MAX_WRITES_PER_PASS) moves.sort((a, b) => b.by - a.by);
    const writes = moves.slice(0, MAX_WRITES_PER_PASS).map((move) => move.write);
    return {
      writes,
      more: moves.length > MAX_WRITES_PER_PASS || this.cursor !== null,
      retimed: writes.some((write) => 'tickets' in write.update.set!),
    };
  }

  /** Up to MAX_ESTIMATES_PER_PASS open orders, from where the last pass stopped; the cursor is kept while some are left. */
  private nextOrders(): OrderDoc[] {
    const taken: OrderDoc[] = [];
    const cursor = this.cursor ?? this.queues.open.values();
    this.cursor = null;
    const limit = Math.min(MAX_ESTIMATES_PER_PASS, this.queues.open.size);
    while (taken.length < limit) {
      const next = cursor.next();
      if (next.done) return taken;
      taken.push(next.value);
    }
    if (taken.length < this.queues.open.size) this.cursor = cursor;
    return taken;
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    const { writes, more, retimed } = this.moved(this.now().getTime());
    if (writes.length > 0) await this.store.collection('orders').updateEach(writes);
    // A fire brought forward: the scheduler wakes for it rather than at its next planned time.
    if (retimed) this.onRetimed?.();
    if (more) this.schedule();
  }
}
