// One printer's worker: prints its jobs one at a time, oldest first, each marked printed only once
// the printer has answered after it; while the printer is unreachable or out of paper it tries
// again with back-off, and the jobs wait in the store. When idle it asks the printer how it is.
import type { FastifyBaseLogger } from 'fastify';
import type { Printer, PrinterState } from '../../models/printer.js';
import type { Store } from '../../store/types.js';
import { encodeChit } from './escpos.js';
import { holdJob, markFailed, markPrinted, oldestWaiting } from './jobs.js';
import { PrinterFault, talkTo } from './link.js';

export interface PrintTimings {
  /** The first retry's wait; each further failure doubles it, up to `retryMaxMs`. */
  retryMinMs: number;
  retryMaxMs: number;
  /** How long a connection, and each answer, may take before the printer counts as unreachable. */
  answerMs: number;
  /** How often an idle printer is asked its state (and the store for jobs made by other instances). */
  idleCheckMs: number;
  /** A station's boards silent this long: its fallback printers take over (30 s). */
  takeoverAfterMs: number;
  /** How often the boards' presence is looked at. */
  watchEveryMs: number;
}

export const DEFAULT_PRINT_TIMINGS: PrintTimings = {
  retryMinMs: 1000,
  retryMaxMs: 30_000,
  answerMs: 5000,
  idleCheckMs: 30_000,
  takeoverAfterMs: 30_000,
  watchEveryMs: 1000,
};

/** An idle worker reads the store this often, for jobs other instances made. */
const IDLE_POLL_MS = 2000;

export interface PrinterCondition {
  state: PrinterState;
  last_error: string | null;
  checked_at: string | null;
}

export class PrinterWorker {
  condition: PrinterCondition = { state: 'unreachable', last_error: 'not asked yet', checked_at: null };
  private stopped = false;
  private failures = 0;
  private nudge: (() => void) | null = null;
  private lastCheck = 0;
  private readonly stopping = new AbortController();
  private readonly running: Promise<void>;

  constructor(
    readonly printer: Printer,
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly timings: PrintTimings,
    private readonly log: FastifyBaseLogger,
    /** Told when its state or error changes, and when a job was printed or failed. */
    private readonly changed: () => void = () => {},
  ) {
    this.running = this.run();
  }

  /** A job was made for it: an idle worker looks at once (one waiting out a back-off does not). */
  wake(): void {
    this.nudge?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    this.nudge?.();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const { ms, idle } = await this.step();
        if (ms > 0) await this.sleep(ms, idle);
      } catch (error) {
        // The store could not answer: try again later, the jobs are still there.
        this.log.warn({ err: error, printer: this.printer.id }, 'printer worker: the store did not answer');
        await this.sleep(this.backoff(), false);
      }
    }
  }

  /** Does one thing; returns how long to wait before the next, and whether a new job may end the wait. */
  private async step(): Promise<{ ms: number; idle: boolean }> {
    const waiting = await oldestWaiting(this.store, this.printer.id);
    if (!waiting) {
      // Jobs another instance made are found within IDLE_POLL_MS; the printer is asked how it is less often.
      const sinceCheck = Date.now() - this.lastCheck;
      const checkDue = this.failures > 0 ? this.backoff() : this.timings.idleCheckMs;
      if (sinceCheck >= checkDue) await this.attempt(null);
      return { ms: Math.min(IDLE_POLL_MS, Math.max(1, checkDue - (Date.now() - this.lastCheck))), idle: true };
    }
    // Held for longer than any attempt can take; another instance's hold means it prints this one.
    const held = await holdJob(this.store, waiting, this.now(), this.timings.answerMs * 4);
    if (!held) return { ms: this.timings.retryMinMs, idle: false };
    const printed = await this.attempt(encodeChit(held.chit, this.printer.columns));
    if (printed) await markPrinted(this.store, held.id, this.now());
    else await markFailed(this.store, held.id, this.condition.last_error ?? 'not printed');
    this.changed();
    return { ms: printed ? 0 : this.backoff(), idle: false };
  }

  /** Talks to the printer; true when it answered (after the chit, when there is one). */
  private async attempt(chit: Uint8Array | null): Promise<boolean> {
    this.lastCheck = Date.now();
    const { host, port } = this.printer;
    try {
      await talkTo({ host, port }, chit, this.timings.answerMs, this.stopping.signal);
      if (this.condition.state !== 'ok') this.log.info({ printer: this.printer.id }, `printer ${this.printer.name} answers again`);
      this.failures = 0;
      const news = this.condition.state !== 'ok';
      this.condition = { state: 'ok', last_error: null, checked_at: this.now().toISOString() };
      if (news) this.changed();
      return true;
    } catch (error) {
      if (!(error instanceof PrinterFault)) throw error;
      if (this.stopped) return false;
      this.failures++;
      if (this.condition.last_error !== error.message)
        this.log.warn({ printer: this.printer.id, state: error.state }, `printer ${this.printer.name}: ${error.message}`);
      const news =
        this.condition.state !== error.state || this.condition.last_error !== error.message || this.condition.checked_at === null;
      this.condition = { state: error.state, last_error: error.message, checked_at: this.now().toISOString() };
      if (news) this.changed();
      return false;
    }
  }

  private backoff(): number {
    const { retryMinMs, retryMaxMs } = this.timings;
    return Math.min(retryMaxMs, retryMinMs * 2 ** Math.max(0, this.failures - 1));
  }

  /** Waits `ms`; an idle wait ends early when a job is made for this printer. */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.nudge = () => {
        if (wakeable || this.stopped) {
          this.nudge = null;
          done();
        }
      };
    });
  }
}
