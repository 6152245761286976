// The MongoDB Store: collections over the driver, transactions with retries, and the process's one
// change stream fanned out in memory to every onChange / onResync subscriber.
import type { ClientSession, Connection } from 'mongoose';
import type { Collections } from '../../models/collections.js';
import {
  StoreUnavailableError,
  type ChangeEvent,
  type ChangeListener,
  type Collection,
  type CollectionName,
  type CommitTiming,
  type Store,
  type StoreSession,
} from '../types.js';
import { ChangeSource, type ChangeSourceOptions } from './change-source.js';
import { MongoCollection } from './collection.js';
import { MatchCounts } from './counts.js';
import { watchStream, type StreamWatch } from './stream-watch.js';
import { runTransaction, type RetryBudget } from './transaction-runner.js';
import { toStoreError } from './errors.js';
import { majorityWriteTime } from './opener.js';
import { Listeners } from './listeners.js';
import type { StoreLogger } from '../logger.js';
import type { MongoModels } from './schemas.js';

export interface MongoStoreParts {
  connection: Connection;
  models: MongoModels;
  clock: () => Date;
  logger: StoreLogger;
  /** Where the change stream comes from; `deliver` and `resync` are the store's own. */
  stream: Omit<ChangeSourceOptions, 'deliver' | 'resync' | 'logger'>;
  /** How long and how often transactions retry (default TRANSACTION_RETRIES). */
  retries?: RetryBudget;
  /** The watchdog over the change stream (stalls, giving up); none when absent. */
  watch?: StreamWatch;
  /** Milliseconds for timing commits (default performance.now). */
  timer?: () => number;
  /** How long settled() waits for the change stream before a 503 (default SETTLE_TIMEOUT_MS). */
  settleTimeoutMs?: number;
}

/**
 * A healthy stream passes a write within milliseconds (a write it does not follow: within one
 * getMore, MAX_AWAIT_MS); a stream this far behind is down or reopening, and a read waiting on it
 * gets a 503 rather than an answer from a view that may be stale.
 */
export const SETTLE_TIMEOUT_MS = 5_000;

const PING_TIMEOUT_MS = 2_000;
/** Snapshot reads and majority commits: a transaction sees one state and survives a failover. */
const TRANSACTION_OPTIONS = { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' }, readPreference: 'primary' } as const;

export class MongoStore implements Store {
  readonly kind = 'mongodb';
  private readonly changes: Listeners<ChangeEvent>;
  private readonly resyncs: Listeners<string>;
  private readonly commits: Listeners<CommitTiming>;
  private readonly lags: Listeners<number>;
  private readonly source: ChangeSource;
  private closing: Promise<void> | null = null;
  private stopWatch: () => void = () => undefined;
  private readonly counts: MatchCounts;

  /** Resolves once the change stream has been opened (or its first failure scheduled a retry). */
  static async open(parts: MongoStoreParts): Promise<MongoStore> {
    const store = new MongoStore(parts);
    await store.source.start();
    if (parts.watch) store.stopWatch = watchStream(store.source, parts.watch);
    return store;
  }

  private constructor(private readonly parts: MongoStoreParts) {
    this.changes = new Listeners('change', parts.logger);
    this.resyncs = new Listeners('resync', parts.logger);
    this.commits = new Listeners('commit', parts.logger);
    this.lags = new Listeners('stream lag', parts.logger);
    this.source = new ChangeSource({
      ...parts.stream,
      logger: parts.logger,
      lag: (seconds) => this.lags.emit(seconds),
      deliver: (event) => this.changes.emit(event),
      resync: (reason) => this.resyncs.emit(reason),
    });
    this.counts = new MatchCounts(() => this.source.live);
    this.changes.subscribe((event) => this.counts.forget(event.collection));
    this.resyncs.subscribe(() => this.counts.forgetAll());
  }

  collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    return this.collectionIn(name);
  }

  /**
   * The whole of `work` runs again on TransientTransactionError (write conflicts, failovers), with
   * backoff, until the request's deadline or the retry budget; then a StoreUnavailableError (503).
   */
  async transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R> {
    if (this.closing) throw new StoreUnavailableError('the store is closed');
    let session: ClientSession | undefined;
    try {
      session = await this.parts.connection.startSession();
      const bound = session;
      const view: StoreSession = { collection: (name) => this.collectionIn(name, bound) };
      return await runTransaction(
        bound,
        () => work(view),
        TRANSACTION_OPTIONS,
        this.parts.retries,
        Date.now,
        (commit) => this.commits.emit(commit),
        this.parts.timer,
      );
    } catch (error) {
      throw toStoreError(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  onChange(listener: ChangeListener): () => void {
    return this.changes.subscribe(listener);
  }

  onResync(listener: (reason: string) => void): () => void {
    return this.resyncs.subscribe(listener);
  }

  /** Each transaction's commit (commitTransaction with its retries and majority acknowledgement). */
  onCommit(listener: (commit: CommitTiming) => void): () => void {
    return this.commits.subscribe(listener);
  }

  onStreamLag(listener: (seconds: number) => void): () => void {
    return this.lags.subscribe(listener);
  }

  /**
   * Changes arrive through the change stream, after their write has answered, and other instances
   * write too: the point to reach is the majority's newest write now (one hello), which the
   * stream's delivered events and empty batches' tokens then pass.
   */
  async settled(): Promise<void> {
    const db = this.parts.connection.db;
    if (this.closing || !db) throw new StoreUnavailableError('the store is closed');
    const time = await majorityWriteTime(db).catch((error: unknown) => {
      throw toStoreError(error);
    });
    if (!time) return;
    const timeoutMs = this.parts.settleTimeoutMs ?? SETTLE_TIMEOUT_MS;
    const tooLate = () =>
      new StoreUnavailableError(
        `the change stream has not caught up with the database within ${timeoutMs} ms (${this.source.problem() ?? 'it is open'})`,
      );
    await this.source.settle.reached(time, timeoutMs, tooLate);
  }

  /** Ready means both: the database answers and the change stream is open (or reopening in time). */
  async ping(): Promise<void> {
    const problem = this.source.problem();
    if (problem) throw new StoreUnavailableError(problem);
    const db = this.parts.connection.db;
    if (!db) throw new StoreUnavailableError('MongoDB is not connected');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.command({ ping: 1 }), timeout]);
    } catch (error) {
      throw new StoreUnavailableError(`MongoDB does not answer: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.stopWatch();
    this.closing ??= this.source.close().finally(() => this.parts.connection.close());
    return this.closing;
  }

  private collectionIn<N extends CollectionName>(name: N, session?: ClientSession): Collection<Collections[N]> {
    const context = { clock: this.parts.clock, closed: () => this.closing !== null, counts: this.counts, ...(session ? { session } : {}) };
    return new MongoCollection<Collections[N]>(name, this.parts.models[name].collection, context);
  }
}
