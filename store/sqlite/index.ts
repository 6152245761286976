// The embedded store: documents in one SQLite file under the data directory. Writes queue on one
// writer connection and commit in groups (commit-group.ts); reads outside transactions use a second
// connection that sees committed data.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Collections } from '../../models/collections.js';
import {
  StoreUnavailableError,
  type ChangeEvent,
  type ChangeListener,
  type CommitTiming,
  type Collection,
  type CollectionName,
  type Store,
  type StoreSession,
} from '../types.js';
import { CommitGroup, type CommitObserver } from './commit-group.js';
import type { Connection } from './connection.js';
import { closedError, toStoreError } from './errors.js';
import { ChangeFeed } from './feed.js';
import { Mutex } from './mutex.js';
import { BUSY_TIMEOUT_MS, openConnections, type Synchronous } from './open.js';
import type { StoreLogger } from '../logger.js';
import { Session, transactionAccess, type TransactionState } from './session.js';

export interface SqliteStoreOptions {
  dataDir: string;
  clock?: () => Date;
  /** NORMAL (default) survives a process crash; FULL also a power loss, at a cost per commit. */
  synchronous?: Synchronous;
  onListenerError?: (error: unknown) => void;
  /** Told when the file was upgraded from an earlier release's format. */
  logger?: StoreLogger;
  /** Told after each group commit how many writes and transactions it carried. */
  onCommit?: CommitObserver;
  /** How often the file is checked for another program's commits while no write comes (ms). */
  outsideWriteCheckMs?: number;
  /** The group commit's monotonic clock in ms (a batch closes after MAX_BATCH_MS on it); tests stand it still. */
  batchClock?: () => number;
}

/** What resync listeners are told when another program committed to the file. */
export const OUTSIDE_WRITE = 'another program changed the data file';
const OUTSIDE_WRITE_CHECK_MS = 1000;
const SETTLED = Promise.resolve();

/** The readiness probe waits less for another process's write lock than writes do (BUSY_TIMEOUT_MS). */
const PROBE_BUSY_TIMEOUT_MS = 1000;

class SqliteStore implements Store {
  readonly kind = 'sqlite';
  private readonly mutex = new Mutex();
  private readonly group: CommitGroup;
  // Lets a store-level write made inside a transaction fail at once instead of waiting forever
  // for the queue the transaction holds.
  private readonly transactionScope = new AsyncLocalStorage<TransactionState>();
  private readonly outside: Session;
  private closing: Promise<void> | undefined;
  // Set by a write the database refused (disk full, I/O): /ready then proves writes work again.
  private writeFailed = false;
  private readonly commitListeners = new Set<(commit: CommitTiming) => void>();
  private readonly resyncListeners = new Set<(reason: string) => void>();
  private readonly outsideWriteCheck: NodeJS.Timeout;

  constructor(
    private readonly writer: Connection,
    private readonly reader: Connection,
    private readonly clock: () => Date,
    private readonly feed: ChangeFeed,
    private readonly release: () => void,
    private readonly onListenerError: (error: unknown) => void,
    {
      onCommit = () => {},
      outsideWriteCheckMs = OUTSIDE_WRITE_CHECK_MS,
      batchClock,
    }: Pick<SqliteStoreOptions, 'onCommit' | 'outsideWriteCheckMs' | 'batchClock'> = {},
  ) {
    this.group = new CommitGroup(
      writer,
      feed,
      this.mutex,
      (outcome) => {
        // A refused commit means "cannot write"; /ready then proves writes work again.
        this.writeFailed = outcome.failed;
        onCommit(outcome);
        for (const listener of this.commitListeners) listener({ seconds: outcome.seconds, failed: outcome.failed });
      },
      batchClock,
    );
    this.outside = new Session({ read: (body) => this.read(body), write: (body) => this.write(body) }, clock);
    // Where the file stands now; every write transaction checks again, and so does this timer.
    writer.checkOthersWrites();
    writer.onOthersCommit = () => this.resync(OUTSIDE_WRITE);
    this.outsideWriteCheck = setInterval(() => void this.checkOutsideWrites(), outsideWriteCheckMs).unref();
  }

  collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    return this.outside.collection(name);
  }

  async transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R> {
    this.assertOpen();
    this.assertOutsideTransaction();
    try {
      return await this.group.run(async (events) => {
        const state: TransactionState = { active: true, events };
        try {
          return await this.transactionScope.run(state, () => work(new Session(transactionAccess(this.writer, state), this.clock)));
        } finally {
          state.active = false;
        }
      });
    } catch (error) {
      throw this.noted(toStoreError(error));
    }
  }

  onChange(listener: ChangeListener): () => void {
    return this.feed.subscribe(listener);
  }

  /**
   * The server's own writes all make change events; another program's commit to the file (a repair
   * with the sqlite3 shell) makes none, so what is kept in memory from the events must be read again.
   */
  onCommit(listener: (commit: CommitTiming) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** publish() runs right after COMMIT, before the write's promise settles: every view is current already. */
  settled(): Promise<void> {
    return SETTLED;
  }

  onResync(listener: (reason: string) => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private resync(reason: string): void {
    for (const listener of this.resyncListeners) {
      try {
        listener(reason);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Between writes, another program's commit is found by this check (a write transaction's own comes first). */
  private async checkOutsideWrites(): Promise<void> {
    try {
      await this.mutex.run(() => {
        if (!this.closing) this.writer.checkOthersWrites();
      });
    } catch {
      // The file cannot be read now: the next write reports why, and the next check tries again.
    }
  }

  /**
   * Ready means able to write: a read-only file or another process holding the write lock fails
   * the probe write (rolled back). After a refused write, the probe commits, to prove the disk takes
   * writes again.
   */
  async ping(): Promise<void> {
    this.assertOpen();
    try {
      this.reader.value('SELECT 1', []);
    } catch (error) {
      throw toStoreError(error);
    }
    await this.mutex.run(() => {
      this.assertOpen();
      this.group.flush();
      const db = this.writer.db;
      db.pragma(`busy_timeout = ${PROBE_BUSY_TIMEOUT_MS}`);
      try {
        this.writer.begin();
        this.writer.run(`INSERT OR REPLACE INTO pos_meta (key, value) VALUES ('ready_probe', ?)`, [this.clock().toISOString()]);
        this.writer.exec(this.writeFailed ? 'COMMIT' : 'ROLLBACK');
        this.writeFailed = false;
      } catch (error) {
        this.writer.abandon();
        throw toStoreError(error);
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    });
  }

  close(): Promise<void> {
    // Writes queued before close still run; anything called after it is refused.
    clearInterval(this.outsideWriteCheck);
    this.closing ??= this.mutex.run(() => {
      this.group.flush();
      this.writer.close();
      this.reader.close();
      this.release();
    });
    return this.closing;
  }

  /** Outside transactions: committed data from the reader; each write is its own transaction. */
  private async read<R>(body: (connection: Connection) => R): Promise<R> {
    this.assertOpen();
    return body(this.reader);
  }

  private async write<R>(body: (connection: Connection, events: ChangeEvent[]) => R): Promise<R> {
    this.assertOpen();
    this.assertOutsideTransaction();
    try {
      return await this.group.run((events) => body(this.writer, events));
    } catch (error) {
      // Collections map SQLite's errors themselves; this only notes the ones that mean "cannot write".
      throw this.noted(toStoreError(error));
    }
  }

  private noted(error: unknown): unknown {
    if (error instanceof StoreUnavailableError) this.writeFailed = true;
    return error;
  }

  private assertOpen(): void {
    if (this.closing) throw closedError();
  }

  private assertOutsideTransaction(): void {
    if (this.transactionScope.getStore()?.active) {
      throw new Error('inside transaction(), write through its session: the store itself would wait for the transaction to end');
    }
  }
}

export function openSqliteStore(options: SqliteStoreOptions): Store {
  const clock = options.clock ?? (() => new Date());
  const { writer, reader, release, upgrade } = openConnections(options.dataDir, options.synchronous ?? 'NORMAL', clock);
  if (upgrade) options.logger?.info({ from: upgrade.from, to: upgrade.to, dataDir: options.dataDir }, 'data format upgraded');
  const onListenerError = options.onListenerError ?? ((error: unknown) => console.error('a change listener failed', error));
  return new SqliteStore(writer, reader, clock, new ChangeFeed(onListenerError), release, onListenerError, options);
}
