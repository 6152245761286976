// A data directory for the server under test, filled through the store while no server runs.
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { backup } from '../../scripts/backup.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import { DATABASE_FILE } from '../../store/sqlite/open.js';
import { RUN_DIR } from './options.js';
import { addOrders, SeedClock, seedKitchen, type Kitchen } from './seed.js';

export class Dataset {
  private constructor(
    readonly dir: string,
    readonly kitchen: Kitchen,
    /** Orders stored by the seeding (not counting those placed by benchmarks). */
    private seeded: number,
  ) {}

  /** A fresh directory with the menu and the users. */
  static async create(name: string): Promise<Dataset> {
    const dir = path.join(RUN_DIR, `data-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const clock = new SeedClock();
    const store = openSqliteStore({ dataDir: dir, clock: clock.now });
    try {
      return new Dataset(dir, await seedKitchen(store), 0);
    } finally {
      await store.close();
    }
  }

  /**
   * A copy under another name, taken with `npm run backup`'s online backup while a server serves
   * this one (it has made the token secret and the bootstrap manager by then): the same menu, users
   * and secret, so tokens signed in on one are good on the other.
   */
  async copy(name: string): Promise<Dataset> {
    const dir = path.join(RUN_DIR, `data-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await backup(this.dir, path.join(dir, DATABASE_FILE));
    copyFileSync(path.join(this.dir, 'jwt-secret'), path.join(dir, 'jwt-secret'));
    return new Dataset(dir, this.kitchen, this.seeded);
  }

  get orders(): number {
    return this.seeded;
  }

  /** Adds past orders until `total` have been seeded. Never while a server has the directory open. */
  async growTo(total: number, progress?: (done: number) => void): Promise<void> {
    if (total <= this.seeded) return;
    const clock = new SeedClock();
    const store = openSqliteStore({ dataDir: this.dir, clock: clock.now });
    try {
      await addOrders(store, clock, this.kitchen, this.seeded, total, progress);
      this.seeded = total;
    } finally {
      await store.close();
    }
  }

  /**
   * Moves the orders benchmarks placed since `since` out of the kitchen (Ready for Pickup), as the
   * kitchen would have: it has tens of open orders, not the thousands a POST run leaves, and what
   * an order costs may grow with the open ones. Never while a server has the directory open.
   */
  async finishPlacedSince(since: Date): Promise<number> {
    const store = openSqliteStore({ dataDir: this.dir });
    try {
      const open = [
        { field: 'status', op: 'in' as const, value: ['Received', 'In Progress', 'Ready for Assembly'] },
        { field: 'created_at', op: 'gte' as const, value: since.toISOString() },
      ];
      return await store.collection('orders').updateMany(open, { set: { status: 'Ready for Pickup' } });
    } finally {
      await store.close();
    }
  }

  /** The database file and its write-ahead log, in MB. */
  sizeMB(): number {
    const bytes = ['', '-wal'].reduce((sum, suffix) => {
      try {
        return sum + statSync(path.join(this.dir, DATABASE_FILE + suffix)).size;
      } catch {
        return sum;
      }
    }, 0);
    return Math.round(bytes / 100_000) / 10;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
