// Lists on the MongoDB store as the real driver sends them: a newest-first list asks for an order
// its index serves walked backwards, and a page that is not full is counted from the page itself
// (no count command); a full page still counts the matches.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { CLUSTER_TIME, firstBatch, token } from './wire/replies.js';
import { scriptTokenCollection, storeOverPeer } from './wire/store-over-peer.js';

const { Long, ObjectId } = mongoose.mongo;

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
const ingredient = (n: number): Document => ({ _id: new ObjectId(n.toString(16).padStart(24, '0')), name: `I${n}`, in_stock_qty: n, price: 1, created_at: '2026-11-23T10:00:00.000Z', updated_at: '2026-11-23T10:00:00.000Z' });

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
  peer.always('find', (command) => (command.find === 'ingredients' ? { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'pos.ingredients' }, ok: 1 } : tokenFind));
  peer.always('aggregate', (command) =>
    command.aggregate === 'ingredients' ? { cursor: { firstBatch: [{ _id: 1, n: total }], id: Long.ZERO, ns: 'pos.ingredients' }, ok: 1, operationTime: CLUSTER_TIME } : firstBatch(token(1)),
  );
}
const counts = () => peer.commands('aggregate').filter((command) => command.aggregate === 'ingredients');

it('a newest-first list sorts {field: -1, _id: -1}: the index {field: 1, _id: 1} read backwards', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 2);
  opened = await storeOverPeer(peer, { now: Date.now() });
  await opened.store.collection('ingredients').list({ filter: [], sort: { field: 'created_at', direction: 'desc' }, limit: 30, offset: 0 });
  expect(peer.commands('find').filter((command) => command.find === 'ingredients').map((command) => command.sort)).toEqual([{ created_at: -1, _id: -1 }]);
});

it('a page that is not full is counted from the page: no count command', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 2);
  opened = await storeOverPeer(peer, { now: Date.now() });
  const page = await opened.store.collection('ingredients').list({ filter: [], limit: 30, offset: 10 });
  expect(page.total_results).toBe(12);
  expect(counts()).toEqual([]);
});

it('a full page, or an empty one past the start, counts the matches', async () => {
  serveIngredients([ingredient(3), ingredient(2)], 57);
  opened = await storeOverPeer(peer, { now: Date.now() });
  const full = await opened.store.collection('ingredients').list({ filter: [{ field: 'in_stock_qty', op: 'gt', value: 1 }], limit: 2, offset: 0 });
  expect(full.total_results).toBe(57);
  serveIngredients([], 57);
  const past = await opened.store.collection('ingredients').list({ filter: [], limit: 2, offset: 100 });
  expect(past.total_results).toBe(57);
  expect(counts().map((command) => (command.pipeline as Document[])[0])).toEqual([{ $match: { $and: [{ in_stock_qty: { $gt: 1 } }] } }, { $match: {} }]);
});

it("a page's ids are read with a projection of _id alone, sorted, skipped and limited as the page, and counted as a list counts", async () => {
  serveIngredients([{ _id: ingredient(3)._id }, { _id: ingredient(2)._id }], 57);
  opened = await storeOverPeer(peer, { now: Date.now() });
  const page = await opened.store.collection('ingredients').listIds({ filter: [{ field: 'in_stock_qty', op: 'gt', value: 1 }], sort: { field: 'created_at', direction: 'desc' }, limit: 2, offset: 4 });
  expect(page).toEqual({ ids: [(3).toString(16).padStart(24, '0'), (2).toString(16).padStart(24, '0')], total_results: 57 });
  const [find] = peer.commands('find').filter((command) => command.find === 'ingredients');
  expect({ projection: find?.projection, sort: find?.sort, skip: find?.skip, limit: find?.limit }).toEqual({ projection: { _id: 1 }, sort: { created_at: -1, _id: -1 }, skip: 4, limit: 2 });
  expect(counts()).toHaveLength(1);
});
