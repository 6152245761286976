// Another program's commit to the embedded store's file (a repair with the sqlite3 shell while the
// server runs) makes no change event: the store tells its resync listeners instead, so what the
// server keeps in memory is read again. Found between writes by a periodic check, and by a write
// transaction's own check if it comes first; the server's own writes never count as one.
import { describe, expect, it } from 'vitest';
import { OUTSIDE_WRITE } from '../../../store/sqlite/index.js';
import type { Store } from '../../../store/types.js';
import { commitAsOtherProgram } from '../fixtures/other-program.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const fixture = storesPerTest('pos-outside-');

const shell = (dataDir: string, sql: string, ...params: unknown[]) => commitAsOtherProgram(dataDir, [sql, ...params]);

function resyncs(store: Store): string[] {
  const heard: string[] = [];
  store.onResync((reason) => heard.push(reason));
  return heard;
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("another program's commits to the embedded store's file", () => {
  it('are found between writes, once each, and the listeners told', async () => {
    const { store, dataDir } = fixture.open({ outsideWriteCheckMs: 10 });
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 10, price: 1 });
    const heard = resyncs(store);
    shell(dataDir, `UPDATE ingredients SET doc = json_set(doc, '$.in_stock_qty', 40) WHERE id = ?`, flour.id);
    await expect.poll(() => heard, { timeout: 2000, interval: 10 }).toEqual([OUTSIDE_WRITE]);
    await later(50);
    expect(heard).toEqual([OUTSIDE_WRITE]);
    shell(dataDir, `DELETE FROM ingredients WHERE id = ?`, flour.id);
    await expect.poll(() => heard, { timeout: 2000, interval: 10 }).toEqual([OUTSIDE_WRITE, OUTSIDE_WRITE]);
  });

  it('are found by the next write transaction when it comes before the periodic check', async () => {
    const { store, dataDir } = fixture.open({ outsideWriteCheckMs: 60_000 });
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 10, price: 1 });
    const heard = resyncs(store);
    shell(dataDir, `UPDATE ingredients SET doc = json_set(doc, '$.in_stock_qty', 40) WHERE id = ?`, flour.id);
    expect(heard).toEqual([]);
    await store.collection('ingredients').update(flour.id, { inc: { in_stock_qty: -1 } });
    expect(heard).toEqual([OUTSIDE_WRITE]);
    expect((await store.collection('ingredients').get(flour.id))?.in_stock_qty).toBe(39);
  });

  it("are not the store's own writes, nor its readiness probe", async () => {
    const { store } = fixture.open({ outsideWriteCheckMs: 5 });
    const heard = resyncs(store);
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 10, price: 1 });
    await store.transaction((tx) => tx.collection('ingredients').update(flour.id, { inc: { in_stock_qty: -1 } }));
    await store.ping();
    await later(60);
    expect(heard).toEqual([]);
  });

  it('stop being looked for once the store is closed', async () => {
    const { store, dataDir } = fixture.open({ outsideWriteCheckMs: 5 });
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 10, price: 1 });
    const heard = resyncs(store);
    await store.close();
    shell(dataDir, `UPDATE ingredients SET doc = json_set(doc, '$.in_stock_qty', 40) WHERE id = ?`, flour.id);
    await later(60);
    expect(heard).toEqual([]);
  });
});
