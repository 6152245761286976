// The one change stream of a process: opens it, hands every normalized event on (a transaction's
// events together), keeps the resume token, reopens with capped backoff after errors, and restarts
// from now (with a resync signal) when the position is lost. The stream itself comes from an
// injected opener, so tests replay recorded documents instead of needing a server.
import type { ChangeEvent, CollectionName } from '../types.js';
import { normalize, sameToken, type RawChangeEvent, type ResumeToken } from './change-events.js';
import { describeError as described, isHistoryLost } from './errors.js';
import { silentLogger, type StoreLogger } from '../logger.js';
import { ResumeTokenKeeper, type ResumeTokenStore } from './resume-tokens.js';
import { atOrBefore, SettlePoint, tokenTime, type ClusterTime } from './settle-point.js';
import { StreamHealth, type Backoff } from './stream-health.js';
import { streamLagSeconds } from './stream-lag.js';
import { realScheduler, type ChangeStreamHandle, type ChangeStreamOpener, type Scheduler } from './stream-handle.js';
import { TransactionGrouper, transactionOf } from './transaction-groups.js';

export type { ClusterTime } from './settle-point.js';

export interface ChangeSourceOptions {
  open: ChangeStreamOpener;
  tokens: ResumeTokenStore;
  /** Called for each event; a transaction's events come in one synchronous run, as one commit. */
  deliver: (event: ChangeEvent) => void;
  resync: (reason: string) => void;
  /** Told, for each document received live (not committed before the store opened), how late it came in seconds. */
  lag?: (seconds: number) => void;
  /**
   * A watched collection was dropped (or, with null, the whole database): prepare it again (indexes,
   * images) rather than let the next write re-create it bare. Its failures are the callee's to log.
   */
  recreate?: (collection: CollectionName | null) => void;
  logger?: StoreLogger;
  schedule?: Scheduler;
  now?: () => number;
  /** Reopen delays double from initialMs up to maxMs; down longer than maxMs counts as unhealthy. */
  backoff?: Backoff;
  /** Live but silent for longer than this: stalled (default STALL_MS). */
  stallMs?: number;
  /**
   * The cluster's time when the store opened (its last write): events committed at or before it
   * are marked `replayed`. Absent: none are.
   */
  startTime?: () => Promise<ClusterTime | undefined>;
}

/**
 * The driver emits 'close' when a cursor ends, which is not yet a verdict: it comes BEFORE the
 * error that ended it (history lost, a refused getMore) and before a buffered invalidate, and
 * also when the driver is about to resume by itself after a network error. So a close only counts
 * if, this long after it, nothing else has explained it and the stream still says it is closed.
 */
export const CLOSE_GRACE_MS = 1_000;

/*
 * Positions, kept so that neither the saved one nor the one reopened from runs ahead of delivery.
 * `delivered`: everything up to it was handed on (or skipped); it is the last such document's
 * token, or a heartbeat after it. A document's token is saved once it is delivered; the documents
 * of a transaction still gathering are neither, so a restart or a reopen after `delivered` reads
 * that transaction again, whole. `announced`: the newest token the driver reported since the last
 * document. The driver reports each document's token (for a batch's last one, the batch's
 * postBatchResumeToken, past it) just before handing the document out: a report followed by a
 * document belongs to it; one followed by another report, or by a failure, was a heartbeat.
 */
export class ChangeSource {
  private handle: ChangeStreamHandle | null = null;
  private delivered: ResumeToken | null = null;
  private announced: ResumeToken | null = null;
  /** The driver's latest report, whatever was gathering: which token came with the next document. */
  private lastReport: ResumeToken | null = null;
  private heldBack: RawChangeEvent | null = null;
  private readonly health: StreamHealth;
  private cancelReopen: (() => void) | null = null;
  private cancelCloseCheck: (() => void) | null = null;
  private closed = false;
  private readonly keeper: ResumeTokenKeeper;
  private readonly logger: StoreLogger;
  private readonly schedule: Scheduler;
  private readonly transaction: TransactionGrouper;
  private startedAt: ClusterTime | null = null;
  /** How far delivery has come, for store.settled(). */
  readonly settle: SettlePoint;

  constructor(private readonly options: ChangeSourceOptions) {
    this.logger = options.logger ?? silentLogger;
    this.schedule = options.schedule ?? realScheduler;
    this.health = new StreamHealth(options.now ?? Date.now, options.backoff ?? { initialMs: 250, maxMs: 10_000 }, options.stallMs);
    this.keeper = new ResumeTokenKeeper(options.tokens, this.logger, { now: options.now ?? Date.now });
    this.transaction = new TransactionGrouper(this.schedule, () => this.deliverGathered());
    this.settle = new SettlePoint(this.schedule);
  }

  /** Opens the stream where the last run stopped (or from now); failures are retried, not thrown. */
  async start(): Promise<void> {
    this.startedAt = (await this.options.startTime?.()) ?? null;
    this.delivered = await this.options.tokens.load();
    this.logger.info({ resuming: this.delivered !== null }, 'opening the MongoDB change stream');
    await this.open();
  }

  /** True while the stream delivers (an event or a resume token arrived since it last went down). */
  get live(): boolean {
    return !this.closed && this.health.isLive;
  }

  /** Null while the stream is open or still within its reopening backoff; otherwise what is wrong. */
  problem(): string | null {
    return this.closed ? 'the change stream is closed' : this.health.problem();
  }

  /**
   * A stream that went silent (a getMore the server never answers, a half-open connection the
   * driver does not notice) is closed and reopened after the last delivered event, as after an
   * error. Called periodically by the store's watchdog.
   */
  checkStall(): void {
    if (this.closed || !this.health.stalled()) return;
    this.failed(new Error(this.health.problem() ?? 'the change stream stalled'));
  }

  /** Stops for good: no reopen; what was received is delivered and its position saved before this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelReopen?.();
    this.deliverHeldBack();
    this.deliverGathered();
    this.settle.fail(new Error('the change stream is closed'));
    await this.release();
    await this.keeper.flush();
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    try {
      const from = this.announced ?? this.delivered;
      const handle = await this.options.open(from ? { startAfter: from } : {});
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
    handle.on('resumeTokenChanged', (token) => current() && this.heard(token));
    handle.on('error', (error) => current() && this.failed(error));
    handle.on('close', () => current() && this.closing(handle));
  }

  private closing(handle: ChangeStreamHandle): void {
    this.cancelCloseCheck?.();
    this.cancelCloseCheck = this.schedule(() => {
      this.cancelCloseCheck = null;
      // Still open: the driver resumed on its own. Closed with no error: it ended without a word.
      if (this.handle === handle && handle.closed) this.failed(new Error('the change stream closed'));
    }, CLOSE_GRACE_MS);
  }

  private heard(token: ResumeToken): void {
    this.health.alive();
    this.lastReport = token;
    // While a transaction gathers, reports are its own documents' (or cover them): not yet delivered.
    if (this.transaction.gathering) return this.transaction.reported();
    // A report followed by another was a heartbeat (an empty batch's postBatchResumeToken): saved,
    // so that after a long quiet period a restart resumes from near the end of the oplog, not from
    // its last document, which the oplog may have rolled past.
    if (this.announced) {
      this.delivered = this.announced;
      this.keeper.remember(this.announced, { heartbeat: true });
      this.settle.advance(tokenTime(this.announced));
    }
    this.announced = token;
    // The driver hands a document out in the same synchronous run as its report: a report still
    // alone at the next microtask came with an empty batch (or the position reopened from), and
    // everything the stream scanned up to it has been handed on. Waiting for the next report to say
    // so would hold readers for a whole getMore.
    queueMicrotask(() => {
      if (this.announced === token && !this.transaction.gathering && !this.heldBack) this.settle.advance(tokenTime(token));
    });
  }

  private receive(raw: RawChangeEvent): void {
    this.health.alive();
    const lag = this.options.lag && !this.before(raw, this.startedAt) ? streamLagSeconds(raw, (this.options.now ?? Date.now)()) : null;
    if (lag !== null) this.options.lag?.(lag);
    // Reported with its own token: if its batch ends here, the server cut it short (see transaction-groups.ts).
    const cutAfter = this.lastReport !== null && sameToken(this.lastReport, raw._id);
    // Reported with another token: the batch's postBatchResumeToken, past everything the server
    // scanned (writes the stream does not follow included). Once this document is handed on (not
    // held in a transaction still gathering), the stream has handed on everything up to it.
    const pastBatch = cutAfter ? null : this.lastReport;
    if (pastBatch) queueMicrotask(() => !this.transaction.gathering && !this.heldBack && this.settle.advance(tokenTime(pastBatch)));
    this.lastReport = null;
    this.announced = null;
    this.deliverHeldBack();
    const key = transactionOf(raw);
    if (key !== null && this.transaction.continues(key)) return this.transaction.add(key, raw, cutAfter);
    const ended = this.transaction.gathering;
    this.deliverGathered();
    if (key !== null) this.transaction.add(key, raw, cutAfter);
    // An invalidate never waits: handing it on restarts the stream, which the close and failure
    // paths (they hand held-back documents on) must not set off.
    else if (ended && raw.operationType !== 'invalidate') this.holdBack(raw);
    else this.handOn([raw]);
  }

  private deliverGathered(): void {
    this.handOn(this.transaction.take());
  }

  /**
   * A document that ends a transaction has just seen it go out, in this same synchronous run; but it
   * is another commit, and listeners take whatever arrives before the next microtask for one commit.
   * So it waits for that microtask. The driver's next document comes later still; anything earlier
   * (a synchronous emitter, a close, a failure) hands it on first, keeping stream order.
   */
  private holdBack(raw: RawChangeEvent): void {
    this.heldBack = raw;
    queueMicrotask(() => this.deliverHeldBack());
  }

  private deliverHeldBack(): void {
    const raw = this.heldBack;
    this.heldBack = null;
    if (raw) this.handOn([raw]);
  }

  /** Hands documents on in one synchronous run (one commit for listeners), then saves the position. */
  private handOn(documents: readonly RawChangeEvent[]): void {
    const last = documents.at(-1);
    if (!last) return;
    for (const raw of documents) {
      const result = normalize(raw);
      if (result.kind === 'invalidate') {
        this.options.recreate?.(null);
        return this.restartFromNow(result.reason);
      }
      if (result.kind === 'change')
        this.options.deliver(this.before(raw, this.startedAt) ? { ...result.event, replayed: true } : result.event);
      else if (result.kind === 'resync') {
        if (result.recreate) this.options.recreate?.(result.recreate);
        this.options.resync(result.reason);
      } else this.logger.debug({ reason: result.reason }, 'change-stream event skipped');
    }
    // Saved after delivery, so the saved position never runs ahead of what screens were sent.
    this.delivered = last._id;
    this.keeper.remember(last._id);
    this.settle.advance((last as { clusterTime?: ClusterTime }).clusterTime ?? null);
  }

  /** Whether `raw` was committed at or before `time`. */
  private before(raw: RawChangeEvent, time: ClusterTime | null): boolean {
    const at = (raw as { clusterTime?: ClusterTime }).clusterTime;
    return time !== null && at !== undefined && atOrBefore(at, time);
  }

  private failed(error: unknown): void {
    if (this.closed) return;
    void this.release();
    this.health.down(described(error));
    this.deliverHeldBack();
    const lost = isHistoryLost(error);
    // A transaction still gathering is dropped, its token unsaved: the stream reopens after the
    // last delivered document, so the whole transaction is read and handed on again, once. It is
    // delivered instead when the position is lost anyway (the resync follows what was received),
    // or when there is no position before it (a stream opened from now, failing on its first
    // documents): reopening from now would skip it, so it goes out as received and the stream
    // reopens after it. (While gathering, `announced` is null: `delivered` is the position.)
    if (lost || this.delivered === null) this.deliverGathered();
    else this.transaction.take();
    if (lost) this.forget(`the change stream could not resume (${described(error)})`);
    this.logger.warn({ err: error, attempt: this.health.attempts }, 'the MongoDB change stream failed; reopening');
    this.scheduleReopen();
  }

  /** The position is gone: start from now and tell listeners that changes may have been missed. */
  private forget(reason: string): void {
    this.delivered = null;
    this.announced = null;
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
    this.cancelCloseCheck?.();
    this.cancelCloseCheck = null;
    const handle = this.handle;
    if (!handle) return;
    this.handle = null;
    handle.removeAllListeners();
    // A late 'error' with no listener at all would crash the process.
    handle.on('error', () => undefined);
    await handle.close().catch((error: unknown) => this.logger.debug({ err: error }, 'closing the change stream failed'));
  }
}
