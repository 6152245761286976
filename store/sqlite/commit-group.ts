// Group commit: every write and transaction that starts in one turn of the event loop shares one
// BEGIN IMMEDIATE … COMMIT. Each runs in its own savepoint, so a failing one is undone alone; none
// is answered before the COMMIT that makes it durable; the commit's change events are published in
// the order their units finished, in one call, right after the COMMIT and before any answer.
import { StoreUnavailableError, type ChangeEvent } from '../types.js';
import type { Connection } from './connection.js';
import { toStoreError } from './errors.js';
import type { ChangeFeed } from './feed.js';
import type { Mutex } from './mutex.js';

interface Batch {
  events: ChangeEvent[];
  /** Units that finished in it (released their savepoint): what the COMMIT makes durable. */
  units: number;
  committed: Promise<void>;
  settle: (error?: unknown) => void;
}

export interface CommitObserver {
  /** Told after each COMMIT (or its failure) with the number of units it carried. */
  (outcome: { units: number; failed: boolean }): void;
}

const rolledBack = () => new StoreUnavailableError('the database rolled the transaction back');

export class CommitGroup {
  private open: Batch | undefined;

  constructor(
    private readonly writer: Connection,
    private readonly feed: ChangeFeed,
    private readonly mutex: Mutex,
    private readonly observe: CommitObserver = () => {},
  ) {}

  /**
   * Runs `unit` after every unit queued before it, inside the open batch (opening one if needed),
   * and settles once that batch is committed: with the unit's result, or the COMMIT's error.
   */
  async run<R>(unit: (events: ChangeEvent[]) => R | Promise<R>): Promise<R> {
    const { result, batch } = await this.mutex.run(async () => {
      const batch = this.join();
      const events: ChangeEvent[] = [];
      this.writer.exec('SAVEPOINT unit');
      try {
        const result = await unit(events);
        // After a disk or I/O error SQLite may have rolled the whole transaction back on its own.
        if (!this.writer.db.inTransaction) throw rolledBack();
        this.writer.exec('RELEASE unit');
        batch.events.push(...events);
        batch.units += 1;
        return { result, batch };
      } catch (error) {
        this.undo(batch);
        throw error;
      }
    });
    await batch.committed;
    return result;
  }

  /** Commits the open batch now (before a probe or a close that must not wait for the turn to end). Call under the mutex. */
  flush(): void {
    if (this.open) this.commit(this.open);
  }

  private join(): Batch {
    if (this.open) return this.open;
    try {
      this.writer.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw toStoreError(error);
    }
    let settle!: Batch['settle'];
    const committed = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A batch whose every unit failed has nobody waiting on it.
    committed.catch(() => {});
    const batch: Batch = { events: [], units: 0, committed, settle };
    this.open = batch;
    // Runs after this turn's I/O callbacks: every request read in this turn has joined by then.
    setImmediate(() => void this.mutex.run(() => this.commit(batch)));
    return batch;
  }

  private commit(batch: Batch): void {
    if (this.open !== batch) return;
    this.open = undefined;
    try {
      if (!this.writer.db.inTransaction) throw rolledBack();
      this.writer.exec('COMMIT');
    } catch (error) {
      this.writer.abandon();
      this.observe({ units: batch.units, failed: true });
      batch.settle(toStoreError(error));
      return;
    }
    this.observe({ units: batch.units, failed: false });
    this.feed.publish(batch.events);
    batch.settle();
  }

  /** Undoes a failed unit alone; if SQLite already dropped the whole transaction, the batch fails. */
  private undo(batch: Batch): void {
    if (this.writer.db.inTransaction) {
      try {
        this.writer.exec('ROLLBACK TO unit');
        this.writer.exec('RELEASE unit');
        return;
      } catch {
        this.writer.abandon();
      }
    }
    // Units that finished earlier in this batch were not answered yet: they fail with it.
    if (this.open === batch) this.open = undefined;
    this.observe({ units: batch.units, failed: true });
    batch.settle(rolledBack());
  }
}
