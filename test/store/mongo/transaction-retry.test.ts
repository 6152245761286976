// What the MongoDB store's transaction does when MongoDB reports a write conflict (the way a
// check-then-write race surfaces once both sides write one document): the real driver aborts and
// runs the whole work again, and the caller sees only the second run's result.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { CLUSTER_TIME } from './wire/replies.js';
import { scriptTokenCollection, storeOverPeer } from './wire/store-over-peer.js';

const { ObjectId } = mongoose.mongo;
const RICE = new ObjectId('674f1a2b3c4d5e6f70819001');

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
beforeEach(async () => {
  peer = await WirePeer.start();
  scriptTokenCollection(peer, null);
  peer.always('commitTransaction', { ok: 1, operationTime: CLUSTER_TIME });
  peer.always('abortTransaction', { ok: 1, operationTime: CLUSTER_TIME });
});
afterEach(async () => {
  await opened?.store.close();
  await peer.close();
});

const writeConflict = {
  ok: 0,
  errmsg: 'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
  code: 112,
  codeName: 'WriteConflict',
  errorLabels: ['TransientTransactionError'],
  operationTime: CLUSTER_TIME,
};
const updated = (qty: number): Document => ({
  lastErrorObject: { n: 1, updatedExisting: true },
  value: {
    _id: RICE,
    name: 'Rice',
    in_stock_qty: qty,
    price: 1,
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:05:00.000Z',
  },
  ok: 1,
  operationTime: CLUSTER_TIME,
});

it('a WriteConflict (TransientTransactionError) aborts and reruns the whole work in a new transaction', async () => {
  peer.reply('findAndModify', writeConflict, updated(9));
  opened = await storeOverPeer(peer, { now: Date.now() });
  let runs = 0;
  const result = await opened.store.transaction(async (tx) => {
    runs += 1;
    return tx.collection('ingredients').update(RICE.toHexString(), { inc: { in_stock_qty: -1 } });
  });
  expect(runs).toBe(2);
  expect(result).toMatchObject({ id: RICE.toHexString(), in_stock_qty: 9 });
  const writes = peer.received.filter(({ name }) => ['findAndModify', 'abortTransaction', 'commitTransaction'].includes(name));
  expect(writes.map(({ name }) => name)).toEqual(['findAndModify', 'abortTransaction', 'findAndModify', 'commitTransaction']);
  const [first, , second] = writes.map(({ command }) => command);
  // The rerun is a new transaction of the same session: same lsid, next txnNumber, started afresh.
  expect(second?.lsid).toEqual(first?.lsid);
  expect(Number(second?.txnNumber)).toBe(Number(first?.txnNumber) + 1);
  expect([first?.startTransaction, second?.startTransaction]).toEqual([true, true]);
  expect(second?.readConcern).toMatchObject({ level: 'snapshot' });
});
