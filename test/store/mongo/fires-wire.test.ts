// The pacing scheduler on the MongoDB store as the real driver sends it: due fires are asked for
// through next_fire_at (an indexed range, earliest first, a page at a time), never a scan of the
// held orders, and the index on next_fire_at is among those the store prepares.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import { COLLECTIONS } from '../../../models/collections.js';
import { WirePeer } from './wire/peer.js';
import { scriptTokenCollection, storeOverPeer } from './wire/store-over-peer.js';

const { Long } = mongoose.mongo;

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;

beforeEach(async () => {
  peer = await WirePeer.start();
  scriptTokenCollection(peer, null);
});
afterEach(async () => {
  await opened?.store.close();
  await peer.close();
});

it('asks for due fires by the next_fire_at range, earliest first and limited, with nothing due', async () => {
  peer.always('find', (command) => ({ cursor: { firstBatch: [], id: Long.ZERO, ns: `pos.${String(command.find)}` }, ok: 1 }));
  opened = await storeOverPeer(peer, { now: Date.now() });
  const at = new Date('2026-11-26T19:13:00.000Z');
  expect(await new OrderScheduler(opened.store, () => at).releaseDue()).toEqual([]);
  const finds = peer.commands('find').filter((command) => command.find === 'orders');
  expect(finds.map((command) => ({ filter: command.filter, sort: command.sort, limit: command.limit }))).toContainEqual({
    filter: { $and: [{ next_fire_at: { $lte: at.toISOString() } }] },
    sort: { next_fire_at: 1, _id: 1 },
    limit: 200,
  });
  expect(COLLECTIONS.orders.indexes).toContainEqual(['next_fire_at']);
});
