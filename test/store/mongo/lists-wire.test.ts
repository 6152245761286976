// Lists on the MongoDB store as the real driver sends them: a newest-first list asks for an order
// its index serves walked backwards, and a page that is not full is counted from the page itself
// (no count command); a full page still counts the matches.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { CLUSTER_TIME, firstBatch, nextBatch, token } from './wire/replies.js';
import { recorded } from '../fixtures/change-events.js';
import { scriptTokenCollection, storeOverPeer, until } from './wire/store-over-peer.js';
import { defineModels } from '../../../store/mongo/schemas.js';

const { Long, ObjectId } = mongoose.mongo;

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
const ingredient = (n: number): Document => ({
  _id: new ObjectId(n.toString(16).padStart(24, '0')),
  name: `I${n}`,
  in_stock_qty: n,
  price: 1,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
});

beforeEach(async () => {
  peer = await WirePeer.start();
  scriptTokenCollection(peer, null);
});
afterEach(async () => {
  await opened?.store.close();
  await peer.close();
});

/** Serves `docs` to finds on ingredients, and `total` to a count; the change stream and token reads as usual. */
function serveIngredients(docs: Document[], total: number) {
  const tokenFind = { cursor: { firstBatch: [], id: Long.ZERO, ns: 'pos.change_stream_resume_tokens' }, ok: 1 };
  peer.always('find', (command) =>
    command.find === 'ingredients' ? { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'pos.ingredients' }, ok: 1 } : tokenFind,
  );
  peer.always('aggregate', (command) =>
    command.aggregate === 'ingredients'
      ? { cursor: { firstBatch: [{ _id: 1, n: total }], id: Long.ZERO, ns: 'pos.ingredients' }, ok: 1, operationTime: CLUSTER_TIME }
      : firstBatch(token(1)),
  );
}
const counts = () => peer.commands('aggregate').filter((command) => command.aggregate === 'ingredients');

it('a newest-first list sorts {field: -1, _id: -1}: the index {field: 1, _id: 1} read backwards', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 2);
  opened = await storeOverPeer(peer, { now: Date.now() });
  await opened.store.collection('ingredients').list({ filter: [], sort: { field: 'created_at', direction: 'desc' }, limit: 30, offset: 0 });
  expect(
    peer
      .commands('find')
      .filter((command) => command.find === 'ingredients')
      .map((command) => command.sort),
  ).toEqual([{ created_at: -1, _id: -1 }]);
});

it('a page that is not full is counted from the page: no count command', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 2);
  opened = await storeOverPeer(peer, { now: Date.now() });
  const page = await opened.store.collection('ingredients').list({ filter: [], limit: 30, offset: 10 });
  expect(page.total_results).toBe(12);
  expect(counts()).toEqual([]);
});

it('a full filtered page counts the matches; an unfiltered one past the start asks the collection its size (no scan)', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 57);
  peer.always('count', { n: 81, ok: 1, operationTime: CLUSTER_TIME });
  opened = await storeOverPeer(peer, { now: Date.now() });
  const full = await opened.store
    .collection('ingredients')
    .list({ filter: [{ field: 'in_stock_qty', op: 'gt', value: 1 }], limit: 2, offset: 0 });
  expect(full.total_results).toBe(57);
  serveIngredients([], 57);
  const past = await opened.store.collection('ingredients').list({ filter: [], limit: 2, offset: 100 });
  expect(past.total_results).toBe(81);
  expect(counts().map((command) => (command.pipeline as Document[])[0])).toEqual([{ $match: { $and: [{ in_stock_qty: { $gt: 1 } }] } }]);
  expect(peer.commands('count').map((command) => ({ count: command.count, query: command.query }))).toEqual([
    { count: 'ingredients', query: undefined },
  ]);
});

it("a page's ids are read with a projection of _id alone, sorted, skipped and limited as the page, and counted as a list counts", async () => {
  serveIngredients([{ _id: ingredient(3)._id }, { _id: ingredient(2)._id }], 57);
  opened = await storeOverPeer(peer, { now: Date.now() });
  const page = await opened.store.collection('ingredients').listIds({
    filter: [{ field: 'in_stock_qty', op: 'gt', value: 1 }],
    sort: { field: 'created_at', direction: 'desc' },
    limit: 2,
    offset: 4,
  });
  expect(page).toEqual({ ids: [(3).toString(16).padStart(24, '0'), (2).toString(16).padStart(24, '0')], total_results: 57 });
  const [find] = peer.commands('find').filter((command) => command.find === 'ingredients');
  expect({ projection: find?.projection, sort: find?.sort, skip: find?.skip, limit: find?.limit }).toEqual({
    projection: { _id: 1 },
    sort: { created_at: -1, _id: -1 },
    skip: 4,
    limit: 2,
  });
  expect(counts()).toHaveLength(1);
});

const order = (n: number): Document => ({
  _id: new ObjectId(n.toString(16).padStart(24, '0')),
  name: `Table ${n}`,
  dish_ids: [],
  status: 'Pending',
  priority: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
});
/** Serves `docs` to finds on orders and `total` to its counts; everything else as above. */
function serveOrders(docs: Document[], total: number) {
  const tokenFind = { cursor: { firstBatch: [], id: Long.ZERO, ns: 'pos.change_stream_resume_tokens' }, ok: 1 };
  peer.always('find', (command) =>
    command.find === 'orders' ? { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'pos.orders' }, ok: 1 } : tokenFind,
  );
  peer.always('aggregate', (command) =>
    command.aggregate === 'orders'
      ? { cursor: { firstBatch: [{ _id: 1, n: total }], id: Long.ZERO, ns: 'pos.orders' }, ok: 1, operationTime: CLUSTER_TIME }
      : firstBatch(token(1)),
  );
  peer.always('count', { n: total, ok: 1, operationTime: CLUSTER_TIME });
}
const orderCounts = () => peer.commands('aggregate').filter((command) => command.aggregate === 'orders');
const orderFinds = () => peer.commands('find').filter((command) => command.find === 'orders');

it.each(['created_at', 'updated_at', 'name', 'table_number', 'scheduled_at', 'priority', 'status', 'fire_at', 'ready_at', 'closed_at'])(
  'an unfiltered full page of orders sorted by %s reads the index {field: 1, _id: 1} (hinted) and counts nothing',
  async (field) => {
    serveOrders([order(2), order(1)], 1_000_000);
    opened = await storeOverPeer(peer, { now: Date.now() });
    const page = await opened.store.collection('orders').list({ filter: [], sort: { field, direction: 'desc' }, limit: 2, offset: 40 });
    expect(page.total_results).toBe(1_000_000);
    expect(orderFinds().map((command) => ({ sort: command.sort, hint: command.hint }))).toEqual([
      { sort: { [field]: -1, _id: -1 }, hint: { [field]: 1, _id: 1 } },
    ]);
    expect(orderCounts()).toEqual([]);
    expect(peer.commands('count').map((command) => command.count)).toEqual(['orders']);
  },
);

it('a filtered full page is counted once while nothing changes; a write to the collection counts again', async () => {
  serveOrders([order(2), order(1)], 7_412);
  peer.always('findAndModify', { lastErrorObject: { n: 1, updatedExisting: true }, value: order(1), ok: 1, operationTime: CLUSTER_TIME });
  opened = await storeOverPeer(peer, { now: Date.now() });
  // Counts are kept only while the change stream is live: its first batch has been read.
  await until('the change stream waits for its next batch', () => peer.pending('getMore') > 0);
  const orders = opened.store.collection('orders');
  const ready = { filter: [{ field: 'status', op: 'eq' as const, value: 'Ready' }], limit: 2, offset: 0 };
  const served = [(await orders.list(ready)).total_results, (await orders.list({ ...ready, offset: 2 })).total_results];
  await orders.update(order(1)._id.toHexString(), { set: { priority: 1 } });
  served.push((await orders.list(ready)).total_results);
  expect(served).toEqual([7_412, 7_412, 7_412]);
  expect(orderCounts().map((command) => (command.pipeline as Document[])[0])).toEqual([
    { $match: { $and: [{ status: { $eq: 'Ready' } }] } },
    { $match: { $and: [{ status: { $eq: 'Ready' } }] } },
  ]);
  // A filtered list leaves the choice of index to the planner.
  expect(orderFinds().map((command) => command.hint)).toEqual([undefined, undefined, undefined]);
});

it('every sortable order field has its {field: 1, _id: 1} index among the ones the store builds', () => {
  const connection = mongoose.createConnection();
  const keys = defineModels(connection)
    .orders.schema.indexes()
    .map(([fields]) => JSON.stringify(fields));
  for (const field of [
    'created_at',
    'updated_at',
    'name',
    'table_number',
    'scheduled_at',
    'priority',
    'status',
    'fire_at',
    'ready_at',
    'closed_at',
  ]) {
    expect(keys).toContain(JSON.stringify({ [field]: 1, _id: 1 }));
  }
});

it("another instance's write, reported by the change stream, makes the next full page count again", async () => {
  serveOrders([order(2), order(1)], 7_412);
  opened = await storeOverPeer(peer, { now: Date.now() });
  await until('the change stream waits for its next batch', () => peer.pending('getMore') > 0);
  const orders = opened.store.collection('orders');
  const ready = { filter: [{ field: 'status', op: 'eq' as const, value: 'Ready' }], limit: 2, offset: 0 };
  await orders.list(ready);
  await orders.list(ready);
  const events = opened.events;
  peer.reply('getMore', nextBatch(token(11), [recorded('updateOrderStatus')]));
  await until('the order update is delivered', () => events.length === 1);
  await orders.list(ready);
  expect(orderCounts()).toHaveLength(2);
});
