// One station's queue and pace, as running totals: what a quote or a re-estimate reads costs the
// same whether ten tickets wait or a thousand (see docs/quotes.md for the model and its limits).

/** Readied tickets older than this no longer teach the pace. */
export const PACE_WINDOW_MS = 2 * 3_600_000;
/** Fewer readied tickets than this in the window: the dishes' preparation_time is the pace. */
export const MIN_LEARNED = 5;
/** What is left of a ticket cooking past its estimate, as a share of its time. */
const OVERDUE_LEFT = 0.15;

export interface QueuedTicket {
  /** Minutes the dishes take by the menu: the longest preparation_time among the ticket's dishes. */
  work: number;
  status: 'Received' | 'In Progress';
  startedAt: number | null;
  /** Running totals of the Received work and count enqueued before this ticket. */
  enqueuedWork: number;
  enqueuedCount: number;
}

interface Readied {
  at: number;
  /** Time it took from start to Ready, over its menu time. */
  ratio: number;
  /** Tickets In Progress at the station when it was readied (itself included): cooks at work. */
  busy: number;
}

export interface Pace {
  /** Real minutes per menu minute (1: the dishes take their preparation_time). */
  factor: number;
  /** Tickets the station cooks at once. */
  cooks: number;
  /** Whether learned from at least MIN_LEARNED readied tickets. */
  learned: boolean;
}

const clampRatio = (ratio: number) => Math.min(4, Math.max(0.25, ratio));

export class StationPace {
  readonly received = new Map<string, QueuedTicket>();
  readonly inProgress = new Map<string, QueuedTicket>();
  private receivedWork = 0;
  /** Work and tickets ever enqueued as Received, and those that have left Received since. */
  private enqueuedWork = 0;
  private enqueuedCount = 0;
  private dequeuedWork = 0;
  private dequeuedCount = 0;
  private readonly readied: Readied[] = [];
  private head = 0;
  private ratioSum = 0;
  private pace: Pace = { factor: 1, cooks: 1, learned: false };

  enqueue(key: string, work: number): void {
    this.received.set(key, {
      work,
      status: 'Received',
      startedAt: null,
      enqueuedWork: this.enqueuedWork,
      enqueuedCount: this.enqueuedCount,
    });
    this.enqueuedWork += work;
    this.enqueuedCount += 1;
    this.receivedWork += work;
  }

  start(key: string, work: number, startedAt: number): void {
    this.leaveReceived(key);
    this.inProgress.set(key, { work, status: 'In Progress', startedAt, enqueuedWork: 0, enqueuedCount: 0 });
  }

  /** The ticket leaves the queue (readied, recalled to Draft, voided, deleted). */
  remove(key: string): void {
    this.leaveReceived(key);
    this.inProgress.delete(key);
  }

  /** A ticket became Ready: its time teaches the pace. */
  ready(key: string, work: number, startedAt: number | null, readyAt: number): void {
    const busy = Math.max(1, this.inProgress.size + (this.inProgress.has(key) ? 0 : 1));
    this.remove(key);
    if (startedAt === null || work <= 0) return;
    const ratio = clampRatio((readyAt - startedAt) / 60_000 / work);
    this.readied.push({ at: readyAt, ratio, busy });
    this.ratioSum += ratio;
    this.relearn(readyAt);
  }

  private leaveReceived(key: string): void {
    const ticket = this.received.get(key);
    if (!ticket) return;
    this.received.delete(key);
    this.receivedWork -= ticket.work;
    this.dequeuedWork += ticket.work;
    this.dequeuedCount += 1;
  }

  /** Drops readied tickets older than the window, then recomputes the pace (on a bump, not on a quote). */
  relearn(now: number): void {
    while (this.head < this.readied.length && this.readied[this.head]!.at < now - PACE_WINDOW_MS)
      this.ratioSum -= this.readied[this.head++]!.ratio;
    if (this.head > 1024 && this.head * 2 > this.readied.length) {
      this.readied.splice(0, this.head);
      this.head = 0;
    }
    const count = this.readied.length - this.head;
    // Cooks: the most tickets seen cooking at once, now or when one was readied lately.
    let cooks = Math.max(1, this.inProgress.size);
    for (let index = this.head; index < this.readied.length; index++) cooks = Math.max(cooks, this.readied[index]!.busy);
    this.pace = count < MIN_LEARNED ? { factor: 1, cooks, learned: false } : { factor: this.ratioSum / count, cooks, learned: true };
  }

  current(): Pace {
    return this.pace;
  }

  /** Received and In Progress tickets: what a new ticket would queue behind. */
  get ahead(): number {
    return this.received.size + this.inProgress.size;
  }

  /** Minutes of cooking left on each ticket In Progress (as many as the station's cooks), and their menu minutes. */
  private inProgressLeft(now: number, factor: number): { lefts: number[]; left: number; work: number } {
    const lefts: number[] = [];
    let left = 0;
    let work = 0;
    for (const ticket of this.inProgress.values()) {
      // A ticket past its time is not done: it is counted with a little time left, not none.
      const minutes = Math.max(
        OVERDUE_LEFT * ticket.work * factor,
        ((ticket.startedAt ?? now) + ticket.work * factor * 60_000 - now) / 60_000,
      );
      lefts.push(minutes);
      left += minutes;
      work += ticket.work;
    }
    return { lefts, left, work };
  }

  /**
   * When a ticket of `work` menu minutes would be ready, waiting behind `aheadCount` Received tickets
   * holding `aheadWork` menu minutes and every ticket In Progress. With fewer Received tickets ahead
   * than cooks, it takes the cook who frees up next but that many: the idle cooks first, then the
   * tickets In Progress by the time left on each. Deeper in the queue the cooks share the work left
   * ahead; when a cook takes this ticket the others are on average half-way through one of theirs,
   * so that half ticket each is not waited for.
   */
  private readyAfter(now: number, start: number, work: number, aheadCount: number, aheadWork: number): number {
    const { factor, cooks } = this.pace;
    const waiting = aheadCount + this.inProgress.size;
    let waitMinutes = 0;
    if (waiting >= cooks) {
      const cooking = this.inProgressLeft(now, factor);
      if (aheadCount < cooks) {
        const free = [...Array<number>(Math.max(0, cooks - cooking.lefts.length)).fill(0), ...cooking.lefts].sort((a, b) => a - b);
        waitMinutes = free[aheadCount]!;
      } else {
        const meanTicket = ((aheadWork + cooking.work) / waiting) * factor;
        waitMinutes = Math.max(0, (cooking.left + aheadWork * factor - ((cooks - 1) * meanTicket) / 2) / cooks);
      }
    }
    return Math.max(now + waitMinutes * 60_000, start) + work * factor * 60_000;
  }

  /** A new ticket, fired at `start` (now, or later when paced or scheduled), behind everything queued now. */
  quote(now: number, start: number, work: number): number {
    return this.readyAfter(now, start, work, this.received.size, this.receivedWork);
  }

  /** A queued ticket: behind the Received ones enqueued before it (first come, first served). */
  estimate(key: string, now: number): number | null {
    const started = this.inProgress.get(key);
    if (started) return Math.max(now, (started.startedAt ?? now) + started.work * this.pace.factor * 60_000);
    const waiting = this.received.get(key);
    if (!waiting) return null;
    const aheadWork = Math.min(Math.max(0, waiting.enqueuedWork - this.dequeuedWork), this.receivedWork - waiting.work);
    const aheadCount = Math.min(Math.max(0, waiting.enqueuedCount - this.dequeuedCount), this.received.size - 1);
    return this.readyAfter(now, now, waiting.work, aheadCount, aheadWork);
  }
}
