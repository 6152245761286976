// Group commit: writes and transactions share one BEGIN IMMEDIATE … COMMIT for as long as each turn
// of the event loop brings the batch new ones (up to MAX_BATCH_UNITS or MAX_BATCH_MS); the first
// turn that brings none commits it. Each runs in its own savepoint, so a failing one is undone
// alone; none is answered before the COMMIT that makes it durable; the commit's change events are
// published in the order their units finished, in one call, right after the COMMIT and before any
// answer.
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
  /** Told after each COMMIT (or its failure) with the number of units it carried and how long it took. */
  (outcome: { units: number; failed: boolean; seconds: number }): void;
}

/**
 * A batch still growing commits once it carries this many units or has been open this long. Under
 * load the requests answered by one commit come back over the next turns, and waiting for them
 * makes one commit (and one write to each screen) serve them all: with 16 ordering tablets, about
 * 16 orders a commit instead of 7, and less CPU per order with screens connected (docs/benchmarks.md,
 * fix 18). With nothing else arriving it costs one turn of the loop.
 */
export const MAX_BATCH_UNITS = 64;
export const MAX_BATCH_MS = 10;

const rolledBack = () => new StoreUnavailableError('the database rolled the transaction back');

export class CommitGroup {
  private open: Batch | undefined;
  /** Units started so far (in any batch): a turn that did not move it brought no new unit. */
  private started = 0;

  constructor(
    private readonly writer: Connection,
    private readonly feed: ChangeFeed,
    private readonly mutex: Mutex,
    private readonly observe: CommitObserver = () => {},
    /** Milliseconds on a monotonic clock: how long a batch has been open. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * Runs `unit` after every unit queued before it, inside the open batch (opening one if needed),
   * and settles once that batch is committed: with the unit's result, or the COMMIT's error.
   */
  async run<R>(unit: (events: ChangeEvent[]) => R | Promise<R>): Promise<R> {
    const { result, batch } = await this.mutex.run(async () => {
      const batch = this.join();
      this.started += 1;
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
      this.writer.begin();
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
    this.commitWhenQuiet(batch, this.started, this.clock());
    return batch;
  }

  /**
   * Checks after each turn's I/O callbacks (every request read in the turn has joined by then):
   * the batch commits after a turn that started no unit, or once it is full or old enough.
   */
  private commitWhenQuiet(batch: Batch, seen: number, openedAt: number): void {
    setImmediate(() => {
      if (this.open !== batch) return;
      const growing = this.started > seen && batch.units < MAX_BATCH_UNITS && this.clock() - openedAt < MAX_BATCH_MS;
      if (growing) this.commitWhenQuiet(batch, this.started, openedAt);
      else void this.mutex.run(() => this.commit(batch));
    });
  }

  private commit(batch: Batch): void {
    if (this.open !== batch) return;
    this.open = undefined;
    const started = this.clock();
    const seconds = () => (this.clock() - started) / 1000;
    try {
      if (!this.writer.db.inTransaction) throw rolledBack();
      this.writer.exec('COMMIT');
    } catch (error) {
      this.writer.abandon();
      this.observe({ units: batch.units, failed: true, seconds: seconds() });
      batch.settle(toStoreError(error));
      return;
    }
    this.observe({ units: batch.units, failed: false, seconds: seconds() });
    this.feed.publish(batch.events);
    batch.settle();
  }

  /** Undoes a failed unit alone; if SQLite already dropped the whole transaction, the batch fails. */
  private undo(batch: Batch): void {
    if (this.writer.db.inTransaction) {
      try {
        this.writer.rollbackTo('unit');
        this.writer.exec('RELEASE unit');
        return;
      } catch {
        this.writer.abandon();
      }
    }
    // Units that finished earlier in this batch were not answered yet: they fail with it.
    if (this.open === batch) this.open = undefined;
    this.observe({ units: batch.units, failed: true, seconds: 0 });
    batch.settle(rolledBack());
  }
}
