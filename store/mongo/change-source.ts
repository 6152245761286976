// The one change stream of a process: opens it, hands every normalized event on, keeps the resume
// token, reopens with capped backoff after errors, and restarts from now (with a resync signal)
// when the position is lost. The stream itself comes from an injected opener, so tests replay
// recorded documents instead of needing a server.
import type { ChangeEvent } from '../types.js';
import { normalize, type RawChangeEvent, type ResumeToken } from './change-events.js';
import { isHistoryLost } from './errors.js';
import { silentLogger, type StoreLogger } from './logger.js';
import { ResumeTokenKeeper, type ResumeTokenStore } from './resume-tokens.js';
import { StreamHealth, type Backoff } from './stream-health.js';
import { realScheduler, type ChangeStreamHandle, type ChangeStreamOpener, type Scheduler } from './stream-handle.js';

export interface ChangeSourceOptions {
  open: ChangeStreamOpener;
  tokens: ResumeTokenStore;
  deliver: (event: ChangeEvent) => void;
  resync: (reason: string) => void;
  logger?: StoreLogger;
  schedule?: Scheduler;
  now?: () => number;
  /** Reopen delays double from initialMs up to maxMs; down longer than maxMs counts as unhealthy. */
  backoff?: Backoff;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ChangeSource {
  private handle: ChangeStreamHandle | null = null;
  private token: ResumeToken | null = null;
  private readonly health: StreamHealth;
  private cancelReopen: (() => void) | null = null;
  private closed = false;
  private readonly keeper: ResumeTokenKeeper;
  private readonly logger: StoreLogger;
  private readonly schedule: Scheduler;

  constructor(private readonly options: ChangeSourceOptions) {
    this.logger = options.logger ?? silentLogger;
    this.schedule = options.schedule ?? realScheduler;
    this.health = new StreamHealth(options.now ?? Date.now, options.backoff ?? { initialMs: 250, maxMs: 10_000 });
    this.keeper = new ResumeTokenKeeper(options.tokens, this.logger);
  }

  /** Opens the stream where the last run stopped (or from now); failures are retried, not thrown. */
  async start(): Promise<void> {
    this.token = await this.options.tokens.load();
    this.logger.info({ resuming: this.token !== null }, 'opening the MongoDB change stream');
    await this.open();
  }

  /** Null while the stream is open or still within its reopening backoff; otherwise what is wrong. */
  problem(): string | null {
    return this.closed ? 'the change stream is closed' : this.health.problem();
  }

  /** Stops for good: no reopen, and the last delivered position is saved before this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelReopen?.();
    await this.release();
    await this.keeper.flush();
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    try {
      const handle = await this.options.open(this.token ? { startAfter: this.token } : {});
      this.attach(handle);
      if (this.closed) await this.release();
    } catch (error) {
      this.failed(error);
    }
  }

  private attach(handle: ChangeStreamHandle): void {
    this.health.down();
    this.handle = handle;
    const current = () => this.handle === handle;
    handle.on('change', (raw) => current() && this.receive(raw));
    handle.on('resumeTokenChanged', (token) => current() && this.alive(token));
    handle.on('error', (error) => current() && this.failed(error));
    handle.on('close', () => current() && this.failed(new Error('the change stream closed')));
  }

  private receive(raw: RawChangeEvent): void {
    this.alive(raw._id);
    const result = normalize(raw);
    if (result.kind === 'invalidate') return this.restartFromNow(result.reason);
    if (result.kind === 'change') this.options.deliver(result.event);
    else if (result.kind === 'resync') this.options.resync(result.reason);
    else this.logger.debug({ reason: result.reason }, 'change-stream event skipped');
    // Saved after delivery, so the saved position never runs ahead of what screens were sent.
    this.keeper.remember(raw._id);
  }

  private alive(token: ResumeToken): void {
    this.token = token;
    this.health.alive();
  }

  private failed(error: unknown): void {
    if (this.closed) return;
    void this.release();
    this.health.down(message(error));
    if (isHistoryLost(error)) this.forget(`the change stream could not resume (${message(error)})`);
    this.logger.warn({ err: error, attempt: this.health.attempts }, 'the MongoDB change stream failed; reopening');
    this.scheduleReopen();
  }

  /** The position is gone: start from now and tell listeners that changes may have been missed. */
  private forget(reason: string): void {
    this.token = null;
    void this.keeper.clear();
    this.logger.error({ reason }, 'change-stream history lost: screens must resync');
    this.options.resync(reason);
  }

  private restartFromNow(reason: string): void {
    this.forget(reason);
    void this.release().then(() => this.open());
  }

  private scheduleReopen(): void {
    if (this.cancelReopen) return;
    this.cancelReopen = this.schedule(() => {
      this.cancelReopen = null;
      void this.open();
    }, this.health.nextDelay());
  }

  /** Listeners come off first: the close we cause must not look like a failure to reopen from. */
  private async release(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    this.handle = null;
    handle.removeAllListeners();
    // A late 'error' with no listener at all would crash the process.
    handle.on('error', () => undefined);
    await handle.close().catch((error: unknown) => this.logger.debug({ err: error }, 'closing the change stream failed'));
  }
}
