// The embedded store's checkpoints (store/sqlite/open.ts WAL_CHECKPOINT_PAGES): committed pages stay
// in the write-ahead log until it holds 4,000 of them (SQLite's default would copy them into the
// database file at 1,000), and the commit that passes that mark copies them all in.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DATABASE_FILE, WAL_CHECKPOINT_PAGES } from '../../../store/sqlite/open.js';
import type { Store } from '../../../store/types.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-checkpoint-');
const PAGE = 4096;
/** An ingredient about one page long, so that each one written adds a page to the log. */
const NAME = 'x'.repeat(3000);

/** Writes `count` page-sized documents, one transaction per 100. */
async function writePages(store: Store, count: number): Promise<void> {
  for (let done = 0; done < count; done += 100) {
    await store.transaction(async (tx) => {
      for (let i = 0; i < 100; i++) await tx.collection('ingredients').insert({ name: NAME, in_stock_qty: i, price: 1 });
    });
  }
}

it('keeps committed pages in the log until it holds 4,000, then copies them into the database file', async () => {
  expect(WAL_CHECKPOINT_PAGES).toBe(4000);
  const { dataDir, store } = open();
  const file = path.join(dataDir, DATABASE_FILE);
  const sizes = () => ({ database: fs.statSync(file).size, log: fs.statSync(`${file}-wal`).size });
  const empty = sizes().database;

  await writePages(store, 2000);
  const half = sizes();
  // Past SQLite's default of 1,000 pages, nothing has been copied yet: it is all in the log.
  expect(half.database).toBe(empty);
  expect(half.log).toBeGreaterThan(2000 * PAGE);

  await writePages(store, 2500);
  const after = sizes();
  // Past 4,000 pages the commit checkpointed: the database file holds the 4,500 documents.
  expect(after.database).toBeGreaterThan(4500 * 3000);
  expect(after.log).toBeLessThan(WAL_CHECKPOINT_PAGES * 1.1 * PAGE);
  expect((await store.collection('ingredients').list({ filter: [], limit: 1, offset: 0 })).total_results).toBe(4500);
});
