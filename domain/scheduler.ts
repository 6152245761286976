// Releases scheduled Drafts to the kitchen at their fire time. Each instance runs one; a conditional
// update (still Draft?) makes every release happen exactly once, however many instances share a store.
import type { Store } from '../store/types.js';
import { moveOrder } from './tickets.js';

const MAX_SLEEP_MS = 30_000;
const RETRY_MS = 5_000;

export interface SchedulerLog {
  info(payload: object, message: string): void;
  error(payload: object, message: string): void;
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

  /** Releases every Draft whose fire time has come; returns the ids this instance released. */
  async releaseDue(): Promise<string[]> {
    const orders = this.store.collection('orders');
    const at = this.now().toISOString();
    const due = await orders.find([{ field: 'status', op: 'eq', value: 'Draft' }, { field: 'fire_at', op: 'lte', value: at }], { sort: { field: 'fire_at', direction: 'asc' } });
    const released: string[] = [];
    for (const order of due) {
      // Its tickets fire with it; nobody bumped them.
      const set = moveOrder(order, 'Received', null, at);
      const done = await orders.update(order.id, { set }, { if: [{ field: 'status', op: 'eq', value: 'Draft' }] });
      if (done) released.push(order.id);
    }
    if (released.length > 0) this.log?.info({ released }, 'scheduled orders released to the kitchen');
    return released;
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
    const [next] = await this.store.collection('orders').find([{ field: 'status', op: 'eq', value: 'Draft' }], { sort: { field: 'fire_at', direction: 'asc' }, limit: 1 });
    const untilNext = next?.fire_at ? new Date(next.fire_at).getTime() - this.now().getTime() : MAX_SLEEP_MS;
    return Math.min(Math.max(untilNext, 0), MAX_SLEEP_MS);
  }
}
