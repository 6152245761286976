// Fires held tickets at their fire time: scheduled Drafts, the later tickets of a paced order, and a
// course due a gap after the previous one. Each instance runs one; a write guarded by the order as
// read makes every fire happen exactly once, however many instances share a store. Due work is
// found through the index on next_fire_at (the earliest waiting fire of an order), so a tick costs
// the orders due, not the orders held.
import type { OrderDoc } from '../../models/order.js';
import type { Condition } from '../../query/types.js';
import type { Store } from '../../store/types.js';
import { firedChanges, recordAudit, SCHEDULER } from './audit.js';
import { fireDue } from '../kitchen/pacing.js';
import { derived } from './tickets.js';

const MAX_SLEEP_MS = 30_000;
/** Orders fired per query: a backlog after downtime is worked through in pages. */
const BATCH = 200;
const RETRY_MS = 5_000;

const LEGACY_DRAFTS = (at: string): Condition[] => [
  { field: 'status', op: 'eq', value: 'Draft' },
  { field: 'fire_at', op: 'lte', value: at },
];

export interface SchedulerLog {
  info(payload: object, message: string): void;
  error(payload: object, message: string): void;
}

/**
 * The guard of a fire: the order is as this scheduler read it. updated_at alone is not enough (a
 * write in the same millisecond as the one read leaves it equal, and a second scheduler would fire
 * the ticket again); a fire always moves next_fire_at past the time it read (or a stored Draft out
 * of Draft), so a fire already made fails the guard whatever the clock says.
 */
function unchangedSince(order: OrderDoc): Condition[] {
  const fired: Condition =
    typeof order.next_fire_at === 'string'
      ? { field: 'next_fire_at', op: 'eq', value: order.next_fire_at }
      : { field: 'status', op: 'eq', value: order.status };
  return [{ field: 'updated_at', op: 'eq', value: order.updated_at }, fired];
}

export class OrderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly log?: SchedulerLog,
  ) {}

  /** Fires every held ticket whose fire time has come; returns the ids of the orders this instance fired. */
  async releaseDue(): Promise<string[]> {
    const at = this.now().toISOString();
    const released: string[] = [];
    for (;;) {
      const due = await this.due(at);
      let fired = 0;
      for (const order of due) {
        const tickets = fireDue(order, at);
        // Its tickets fire by the clock; nobody bumped them.
        const set = derived(order, tickets, at);
        const done = await this.store.transaction(async (tx) => {
          const written = await tx.collection('orders').update(order.id, { set }, { if: unchangedSince(order) });
          if (written) await recordAudit(tx, order.id, SCHEDULER, 'fired', firedChanges(order.tickets, written.tickets, null), at);
          return written;
        });
        if (done) {
          released.push(order.id);
          fired++;
        }
      }
      if (due.length < BATCH || fired === 0) break;
    }
    if (released.length > 0) this.log?.info({ released }, 'held tickets fired');
    return released;
  }

  /**
   * The orders with a fire due: by next_fire_at, and Drafts stored before pacing (which have none)
   * by their order's fire time, as before.
   */
  private async due(at: string): Promise<OrderDoc[]> {
    const orders = this.store.collection('orders');
    const options = (field: string) => ({ sort: { field, direction: 'asc' as const }, limit: BATCH });
    const [paced, legacy] = await Promise.all([
      orders.find([{ field: 'next_fire_at', op: 'lte', value: at }], options('next_fire_at')),
      orders.find(LEGACY_DRAFTS(at), options('fire_at')),
    ]);
    const byId = new Map(paced.map((order) => [order.id, order]));
    for (const order of legacy) if (order.next_fire_at === undefined) byId.set(order.id, order);
    return [...byId.values()];
  }

  /** The next fire time of any order, or null: what the scheduler sleeps until (at most 30 s). */
  async nextFire(): Promise<string | null> {
    const orders = this.store.collection('orders');
    const [[paced], [legacy]] = await Promise.all([
      orders.find([{ field: 'next_fire_at', op: 'gt', value: '' }], { sort: { field: 'next_fire_at', direction: 'asc' }, limit: 1 }),
      orders.find([{ field: 'status', op: 'eq', value: 'Draft' }], { sort: { field: 'fire_at', direction: 'asc' }, limit: 1 }),
    ]);
    const times = [paced?.next_fire_at, legacy?.next_fire_at === undefined ? legacy?.fire_at : null].filter(
      (time): time is string => typeof time === 'string',
    );
    return times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  }

  /** Releases what is overdue (orders due while the server was down), then keeps watch. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Re-plans the next wake-up: call after a Draft is created or rescheduled. */
  poke(): void {
    if (!this.stopped) this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private wake(): void {
    clearTimeout(this.timer);
    this.running = this.running.then(async () => {
      let delay = RETRY_MS;
      try {
        delay = await this.tick();
      } catch (error) {
        this.log?.error({ err: error }, 'scheduler tick failed; retrying shortly');
      }
      if (this.stopped) return;
      this.timer = setTimeout(() => this.wake(), delay);
      this.timer.unref();
    });
  }

  /** Releases what is due and returns how long to sleep before the next fire time. */
  private async tick(): Promise<number> {
    if (this.stopped) return MAX_SLEEP_MS;
    await this.releaseDue();
    const next = await this.nextFire();
    const untilNext = next ? new Date(next).getTime() - this.now().getTime() : MAX_SLEEP_MS;
    return Math.min(Math.max(untilNext, 0), MAX_SLEEP_MS);
  }
}
