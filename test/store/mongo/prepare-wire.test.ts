// Opening the MongoDB store for real (openMongoStore: connect, prepare collections, follow the
// change stream) against the scripted peer: collections dropped under a running store are prepared
// again, an update without its document makes screens resync, and two instances starting together
// may both try to drop a retired index.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../../../store/mongo/index.js';
import type { Store } from '../../../store/types.js';
import { recorded } from '../fixtures/change-events.js';
import { WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { CLUSTER_TIME, firstBatch, nextBatch, token } from './wire/replies.js';
import { scriptTokenCollection, until } from './wire/store-over-peer.js';

const { Long } = mongoose.mongo;

let peer: WirePeer;
let store: Store | undefined;

/** What mongod answers while collections are prepared: `indexes` for every listIndexes. */
function scriptPreparation(indexes: Document[] = [{ v: 2, key: { _id: 1 }, name: '_id_' }]) {
  peer.always('create', { ok: 1, operationTime: CLUSTER_TIME });
  peer.always('createIndexes', { numIndexesBefore: 1, numIndexesAfter: 2, createdCollectionAutomatically: false, ok: 1 });
  peer.always('collMod', { ok: 1 });
  peer.always('listIndexes', (command) => ({
    cursor: { firstBatch: indexes, id: Long.ZERO, ns: `pos.${String(command.listIndexes)}` },
    ok: 1,
  }));
}

beforeEach(async () => {
  peer = await WirePeer.start();
  scriptTokenCollection(peer, null);
});
afterEach(async () => {
  await store?.close();
  store = undefined;
  await peer.close();
});

const prepared = (name: string) => peer.commands('create').filter((command) => command.create === name).length;
const imagesOn = (name: string) => peer.commands('collMod').filter((command) => command.collMod === name).length;

it('a watched collection dropped under the running store is created again with its indexes and images, and screens resync', async () => {
  scriptPreparation();
  peer.reply('aggregate', firstBatch(token(10)));
  peer.reply('getMore', nextBatch(token(11), [recorded('dropDishes')]));
  store = await openMongoStore({ uri: peer.uri() });
  const resyncs: string[] = [];
  store.onResync((reason) => resyncs.push(reason));
  await until('dishes prepared a second time', () => prepared('dishes') === 2 && imagesOn('dishes') === 2);
  // Every index of the first preparation built again.
  const dishIndexes = peer
    .commands('createIndexes')
    .filter((command) => command.createIndexes === 'dishes')
    .map((command) => command.indexes as unknown);
  expect(dishIndexes.length).toBeGreaterThan(0);
  expect(dishIndexes.slice(dishIndexes.length / 2)).toEqual(dishIndexes.slice(0, dishIndexes.length / 2));
  expect([prepared('orders'), prepared('users')]).toEqual([1, 1]);
  expect(resyncs).toEqual(['the dishes collection was dropped']);
});

it('an update that arrives without its document makes screens resync instead of being dropped', async () => {
  scriptPreparation();
  peer.reply('aggregate', firstBatch(token(10)));
  peer.reply('getMore', nextBatch(token(11), [recorded('updateWithoutPostImage')]));
  store = await openMongoStore({ uri: peer.uri() });
  const resyncs: string[] = [];
  const changes: unknown[] = [];
  store.onResync((reason) => resyncs.push(reason));
  store.onChange((event) => changes.push(event));
  await until('a resync', () => resyncs.length === 1);
  expect(resyncs[0]).toMatch(/^an update of ingredients [0-9a-f]{24} arrived without the document after it$/);
  expect(changes).toEqual([]);
});

it('a retired index another instance dropped first (IndexNotFound) does not stop this one from starting', async () => {
  scriptPreparation([
    { v: 2, key: { _id: 1 }, name: '_id_' },
    { v: 2, key: { name: 1, _id: 1 }, name: 'name_1__id_1' },
  ]);
  peer.always('dropIndexes', {
    ok: 0,
    errmsg: 'index not found with name [name_1__id_1]',
    code: 27,
    codeName: 'IndexNotFound',
    operationTime: CLUSTER_TIME,
  });
  peer.reply('aggregate', firstBatch(token(10)));
  store = await openMongoStore({ uri: peer.uri() });
  expect(peer.commands('dropIndexes').map((command) => command.index)).toContain('name_1__id_1');
  await expect(store.ping()).resolves.toBeUndefined();
});
