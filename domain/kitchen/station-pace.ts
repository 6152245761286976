// One station's queue and pace, as running totals: what a quote or a re-estimate reads costs the
// same whether ten tickets wait or a thousand (see docs/quotes.md for the model and its limits).
import type { LearnedPace } from '../../models/kitchen-pace.js';
import { HeldWork } from './held-work.js';
import { cooksOf, emptyPace, learn, MAX_COOKS, MIN_COOKING_MS, type Readied } from './pace-learner.js';

/** What is left of a ticket cooking past its estimate, as a share of its time. */
const OVERDUE_LEFT = 0.15;
/** Recent readied tickets looked at to tell a line that bumps with one tap. */
const TAPPED_KEPT = 12;

export interface QueuedTicket {
  /** Minutes the dishes take by the menu: the longest preparation_time among the ticket's dishes. */
  work: number;
  status: 'Received' | 'In Progress';
  startedAt: number | null;
  /** Running totals of the Received work and count enqueued before this ticket. */
  enqueuedWork: number;
  enqueuedCount: number;
  /** A Received ticket a free cook is taken to be on (StationPace.take): since when. */
  takenAt?: number;
}

export interface Pace {
  /** Real minutes per menu minute (1: the dishes take their preparation_time). */
  factor: number;
  /** Tickets the station cooks at once: tonight's staffing when set, else as learned. */
  cooks: number;
  /** Whether learned from readied tickets (false: the menu's minutes). */
  learned: boolean;
}

export class StationPace {
  readonly received = new Map<string, QueuedTicket>();
  readonly inProgress = new Map<string, QueuedTicket>();
  private receivedWork = 0;
  /** Work and tickets ever enqueued as Received, and those that have left Received since. */
  private enqueuedWork = 0;
  private enqueuedCount = 0;
  private dequeuedWork = 0;
  private dequeuedCount = 0;
  /** Held tickets planned to fire by the clock (scheduled, or paced), by fire time: work that will join the queue. */
  private readonly held = new HeldWork();
  private learnedPace: LearnedPace = emptyPace();
  /** The cooks tonight's settings give the station (null: as learned). */
  private staffed: number | null = null;
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
    this.relearn();
  }

  start(key: string, work: number, startedAt: number): void {
    this.leaveReceived(key);
    this.inProgress.set(key, { work, status: 'In Progress', startedAt, enqueuedWork: 0, enqueuedCount: 0 });
    this.relearn();
  }

  /** A ticket held until `fireAt` (a Draft with its fire time): counted by the quotes of tickets that would start after it. */
  hold(key: string, work: number, fireAt: number): void {
    this.held.hold(key, work, fireAt);
  }

  /** The ticket leaves the queue (readied, recalled to Draft, voided, deleted) or stops being held. */
  remove(key: string): void {
    this.leaveReceived(key);
    this.inProgress.delete(key);
    this.held.remove(key);
  }

  /**
   * The held tickets firing before `start` (at `now` or later): how many, their menu minutes, and the
   * first fire; those firing at the same moment were placed first, so they are ahead too. O(log held).
   */
  private heldBefore(now: number, start: number, self?: string): { count: number; work: number; first: number } {
    return { ...this.held.upTo(Math.max(now, start), self), first: this.held.first() ?? now };
  }

  /** A ticket became Ready: its cooking, when it was cooking, teaches the pace. */
  ready(key: string, ticket: Readied): void {
    this.remove(key);
    const before = this.learnedPace.learned_from;
    this.learnedPace = learn(this.learnedPace, ticket);
    this.tapped = [...this.tapped, this.learnedPace.learned_from === before].slice(-TAPPED_KEPT);
    this.relearn();
  }

  /** Whether the last readied tickets were measured (false) or bumped without cooking seen (true). */
  private tapped: boolean[] = [];

  /**
   * Marks the Received tickets a free cook would be on now, on a line that bumps some tickets with
   * one tap (never tapping Start, so its ticket being cooked stays Received): the first ones, as many
   * as the cooks not seen cooking, taken to be cooking since a cook was first free for them. O(cooks).
   */
  take(now: number): void {
    if (!this.tapped.includes(true)) return;
    let free = this.pace.cooks - this.inProgress.size;
    for (const ticket of this.received.values()) {
      if (free <= 0) return;
      ticket.takenAt ??= now;
      free -= 1;
    }
  }

  /** What the station has learned, as stored. */
  get learned(): LearnedPace {
    return this.learnedPace;
  }

  /** Takes up what was learned before (from the store, at opening). */
  restore(learned: LearnedPace): void {
    this.learnedPace = learned;
    this.relearn();
  }

  /** Tonight's cooks at the station (settings.staffing), or null to use the learned ones. */
  staff(cooks: number | null): void {
    this.staffed = cooks;
    this.relearn();
  }

  private leaveReceived(key: string): void {
    const ticket = this.received.get(key);
    if (!ticket) return;
    this.received.delete(key);
    this.receivedWork -= ticket.work;
    this.dequeuedWork += ticket.work;
    this.dequeuedCount += 1;
  }

  /** The pace in use, from what was learned and tonight's staffing (on a bump, not on a quote). */
  relearn(_now?: number): void {
    const learned = this.learnedPace;
    const cooks = this.staffed ?? Math.max(cooksOf(learned), this.cookingNow());
    this.pace = { factor: learned.speed, cooks, learned: learned.learned_from > 0 };
  }

  /**
   * The tickets the line is seen cooking now: while tickets wait Received, the ones In Progress are
   * all it can take at once; Starts tapped within 20 seconds of each other count as one (twelve
   * tickets started together are one cook's list, not twelve cooks). Nothing waiting: no evidence.
   */
  private cookingNow(): number {
    if (this.received.size === 0 || this.inProgress.size <= 1) return 0;
    const starts = [...this.inProgress.values()].map((ticket) => ticket.startedAt ?? 0).sort((a, b) => a - b);
    let cooks = 1;
    for (let index = 1; index < starts.length && cooks < MAX_COOKS; index += 1)
      if (starts[index]! - starts[index - 1]! >= MIN_COOKING_MS) cooks += 1;
    return cooks;
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
  private readyAfter(
    now: number,
    start: number,
    work: number,
    aheadCount: number,
    aheadWork: number,
    minutes = work * this.pace.factor,
  ): number {
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
    return Math.max(now + waitMinutes * 60_000, start) + minutes * 60_000;
  }

  /**
   * A new ticket, fired at `start` (now, or later when paced or scheduled), behind everything queued
   * now and the held tickets firing no later than it; `minutes` its own cooking at this pace (its
   * dishes' own paces where learned); `self` a held ticket quoted again (not ahead of itself).
   */
  quote(now: number, start: number, work: number, minutes?: number, self?: string): number {
    const held = this.heldBefore(now, start, self);
    const queued = this.readyAfter(now, start, work, this.received.size + held.count, this.receivedWork + held.work, minutes);
    if (held.count === 0) return queued;
    // The held work cannot start before it fires: when it all fires later than now, the line is busy from then on.
    const { factor, cooks } = this.pace;
    const busyUntil = Math.max(now, held.first) + (held.work * factor * 60_000) / cooks;
    return Math.max(queued, Math.max(busyUntil, start) + (minutes ?? work * factor) * 60_000);
  }

  /** A queued ticket: behind the Received ones enqueued before it (first come, first served). */
  estimate(key: string, now: number): number | null {
    const started = this.inProgress.get(key);
    if (started) return Math.max(now, (started.startedAt ?? now) + started.work * this.pace.factor * 60_000);
    const waiting = this.received.get(key);
    if (!waiting) return null;
    // A free cook is taken to be on it (Start not tapped): ready its minutes after that cook was free.
    if (waiting.takenAt !== undefined) return Math.max(now, waiting.takenAt + waiting.work * this.pace.factor * 60_000);
    const aheadWork = Math.min(Math.max(0, waiting.enqueuedWork - this.dequeuedWork), this.receivedWork - waiting.work);
    const aheadCount = Math.min(Math.max(0, waiting.enqueuedCount - this.dequeuedCount), this.received.size - 1);
    return this.readyAfter(now, now, waiting.work, aheadCount, aheadWork);
  }
}
