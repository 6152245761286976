// The embedded store's writer keeps ingredients in memory between stock writes (store/sqlite/memory.ts):
// it reads each one back only once, and whatever undoes a write (a refused order, a failed write inside
// a transaction, a failed commit) or changes the file under it (another program's commit) makes it
// read the row again, so stock is never taken from a stale count. Every figure is checked against the stored row as a fresh store reads it.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngredientDoc } from '../../../models/ingredient.js';
import { Connection } from '../../../store/sqlite/connection.js';
import { DATABASE_FILE } from '../../../store/sqlite/open.js';
import { DocumentMemory, MAX_KEPT_PER_TABLE } from '../../../store/sqlite/memory.js';
import type { Store } from '../../../store/types.js';
import { commitAsOtherProgram } from '../fixtures/other-program.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const fixture = storesPerTest('pos-memory-');

afterEach(() => vi.restoreAllMocks());

const take = (id: string, units: number, guard = false) => ({
  id,
  update: { inc: { in_stock_qty: -units } },
  if: guard ? [{ field: 'in_stock_qty', op: 'gte' as const, value: units }] : [],
});

async function kitchen(): Promise<{ store: Store; dataDir: string; flour: IngredientDoc; salt: IngredientDoc }> {
  const { store, dataDir } = fixture.open();
  const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 10, price: 1 });
  const salt = await store.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 1, price: 1 });
  return { store, dataDir, flour, salt };
}

/** The stock as the file holds it, read by a connection of its own. */
function storedStock(dataDir: string, id: string): number {
  const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const text = db.prepare('SELECT doc FROM ingredients WHERE id = ?').pluck().get(id) as string;
    return (JSON.parse(text) as IngredientDoc).in_stock_qty;
  } finally {
    db.close();
  }
}

describe("the embedded store's writer keeps ingredients in memory", () => {
  it('reads an ingredient once: later stock writes start from the document it wrote', async () => {
    const { store, dataDir, flour } = await kitchen();
    const reads = vi.spyOn(Connection.prototype, 'pairs');
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    await store.collection('ingredients').updateEach([take(flour.id, 2)]);
    await store.transaction((tx) => tx.collection('ingredients').updateEach([take(flour.id, 3)]));
    // Inserted, it was remembered at once: no write read it back.
    expect(reads).toHaveBeenCalledTimes(0);
    expect(storedStock(dataDir, flour.id)).toBe(4);
  });

  it('a refused order undoes its takes, and the next order starts from the stored stock', async () => {
    const { store, dataDir, flour, salt } = await kitchen();
    const refused = store.transaction(async (tx) => {
      await tx.collection('ingredients').updateEach([take(flour.id, 2)]);
      const [made] = await tx.collection('ingredients').updateEach([take(salt.id, 5, true)]);
      if (!made) throw new Error('salt is short');
    });
    await expect(refused).rejects.toThrow('salt is short');
    const [after] = await store.transaction((tx) => tx.collection('ingredients').updateEach([take(flour.id, 1)]));
    expect(after).toBe(true);
    expect(storedStock(dataDir, flour.id)).toBe(9);
    expect((await store.collection('ingredients').get(flour.id))?.in_stock_qty).toBe(9);
  });

  it('a write that fails inside a transaction is undone alone, and what it wrote first is forgotten', async () => {
    const { store, dataDir, flour, salt } = await kitchen();
    await store.transaction(async (tx) => {
      const ingredients = tx.collection('ingredients');
      // The first write lands, the second cannot be written (JSON has no BigInt): the call is undone whole.
      const failing = ingredients.updateEach([take(flour.id, 4), { id: salt.id, update: { set: { name: 10n as unknown as string } } }]);
      await expect(failing).rejects.toThrow();
      await ingredients.updateEach([take(flour.id, 1)]);
    });
    expect(storedStock(dataDir, flour.id)).toBe(9);
  });

  it('a change made another way (an edit, a delete) is what the next stock write starts from', async () => {
    const { store, dataDir, flour, salt } = await kitchen();
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    await store.collection('ingredients').update(flour.id, { set: { in_stock_qty: 50 } });
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    expect(storedStock(dataDir, flour.id)).toBe(49);
    await store.collection('ingredients').delete(salt.id);
    const reads = vi.spyOn(Connection.prototype, 'pairs');
    expect(await store.collection('ingredients').updateEach([take(salt.id, 1)])).toEqual([false]);
    // Forgotten when deleted: looked for in the file, not found.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await store.collection('ingredients').get(salt.id)).toBeNull();
  });

  it('a stock write after another program changed the ingredient in the file starts from its change', async () => {
    const { store, dataDir, flour } = await kitchen();
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    // A repair with the sqlite3 shell while the server runs: another connection, its own commit.
    commitAsOtherProgram(dataDir, [`UPDATE ingredients SET doc = json_set(doc, '$.in_stock_qty', 40) WHERE id = ?`, flour.id]);
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    expect(storedStock(dataDir, flour.id)).toBe(39);
    expect((await store.collection('ingredients').get(flour.id))?.in_stock_qty).toBe(39);
  });

  it('a commit that fails forgets everything the batch wrote', async () => {
    const { store, dataDir, flour } = await kitchen();
    const exec = Connection.prototype.exec;
    let commits = 0;
    vi.spyOn(Connection.prototype, 'exec').mockImplementation(function (this: Connection, sql: string) {
      if (sql === 'COMMIT' && ++commits === 1) throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      exec.call(this, sql);
    });
    await expect(store.collection('ingredients').updateEach([take(flour.id, 3)])).rejects.toThrow();
    await store.collection('ingredients').updateEach([take(flour.id, 1)]);
    expect(storedStock(dataDir, flour.id)).toBe(9);
  });
});

describe('DocumentMemory', () => {
  it(`keeps at most ${MAX_KEPT_PER_TABLE} documents per collection, forgetting the least recently written`, () => {
    const memory = new DocumentMemory();
    for (let i = 0; i <= MAX_KEPT_PER_TABLE; i++) memory.remember('ingredients', `id${i}`, { id: `id${i}` });
    memory.remember('ingredients', 'id1', { id: 'id1', again: true });
    memory.remember('ingredients', 'extra', { id: 'extra' });
    expect(memory.get('ingredients', 'id0')).toBeUndefined();
    expect(memory.get('ingredients', 'id2')).toBeUndefined();
    expect(memory.get('ingredients', 'id1')).toEqual({ id: 'id1', again: true });
    expect(memory.get('ingredients', 'extra')).toEqual({ id: 'extra' });
    expect(memory.get('dishes', 'id3')).toBeUndefined();
  });
});
