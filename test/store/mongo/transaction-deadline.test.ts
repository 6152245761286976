// How long the MongoDB store keeps retrying a transaction: until the request's Request-Deadline (or
// the retry budget), pausing between attempts, then a StoreUnavailableError (the API's 503 with
// Retry-After), for a commit whose write concern keeps failing, a write conflict that never clears,
// and a transaction the server no longer knows.
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withDeadline } from '../../../store/deadline.js';
import { StoreUnavailableError } from '../../../store/types.js';
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
  peer.always('abortTransaction', { ok: 1, operationTime: CLUSTER_TIME });
  peer.always('findAndModify', {
    lastErrorObject: { n: 1, updatedExisting: true },
    value: {
      _id: RICE,
      name: 'Rice',
      in_stock_qty: 9,
      price: 1,
      created_at: '2026-11-23T10:00:00.000Z',
      updated_at: '2026-11-23T10:05:00.000Z',
    },
    ok: 1,
    operationTime: CLUSTER_TIME,
  });
});
afterEach(async () => {
  await opened?.store.close();
  opened = undefined;
  await peer.close();
});

const error = (code: number, codeName: string, errorLabels: string[] = []): Document => ({
  ok: 0,
  errmsg: codeName,
  code,
  codeName,
  ...(errorLabels.length ? { errorLabels } : {}),
  operationTime: CLUSTER_TIME,
});
/** A commit the primary applied but could not replicate to a majority in time. */
const writeConcernFailed: Document = {
  ok: 1,
  writeConcernError: { code: 64, codeName: 'WriteConcernFailed', errmsg: 'waiting for replication timed out', errInfo: { wtimeout: true } },
  operationTime: CLUSTER_TIME,
};

async function takeOneRice(deadlineInMs: number) {
  opened ??= await storeOverPeer(peer, { now: Date.now() });
  const store = opened.store;
  return withDeadline(Date.now() + deadlineInMs, () =>
    store.transaction((tx) => tx.collection('ingredients').update(RICE.toHexString(), { inc: { in_stock_qty: -1 } })),
  );
}

it('a commit whose write concern keeps failing is retried with pauses until the request deadline, then StoreUnavailableError', async () => {
  peer.always('commitTransaction', writeConcernFailed);
  const failure = await takeOneRice(300).catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(StoreUnavailableError);
  expect((failure as Error).message).toMatch(
    /^MongoDB could not commit the transaction in time \(\d+ attempts\): WriteConcernFailed code 64: /,
  );
  const commits = peer.commands('commitTransaction').length;
  // Without pauses the driver sent thousands in the same time (9,538 in 3 s).
  expect(commits).toBeGreaterThanOrEqual(2);
  expect(commits).toBeLessThanOrEqual(10);
  expect(peer.commands('findAndModify')).toHaveLength(1);
});

it('a write conflict on every attempt reruns the work with pauses until the deadline, then StoreUnavailableError', async () => {
  peer.always('findAndModify', error(112, 'WriteConflict', ['TransientTransactionError']));
  const failure = await takeOneRice(300).catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(StoreUnavailableError);
  expect((failure as Error).message).toMatch(
    /^MongoDB could not commit the transaction in time \(\d+ attempts\): WriteConflict code 112: /,
  );
  const runs = peer.commands('findAndModify').length;
  expect(runs).toBeGreaterThanOrEqual(2);
  expect(runs).toBeLessThanOrEqual(10);
  expect(peer.commands('abortTransaction')).toHaveLength(runs);
  expect(peer.commands('commitTransaction')).toHaveLength(0);
});

it('NoSuchTransaction at commit (no retry label) is a StoreUnavailableError, not a bug', async () => {
  peer.always('commitTransaction', error(251, 'NoSuchTransaction'));
  await expect(takeOneRice(5_000)).rejects.toBeInstanceOf(StoreUnavailableError);
  expect(peer.commands('commitTransaction')).toHaveLength(1);
});

it('a conflict that clears commits on the next attempt, the rerun a new transaction of the session', async () => {
  peer.reply('findAndModify', error(112, 'WriteConflict', ['TransientTransactionError']));
  peer.always('commitTransaction', { ok: 1, operationTime: CLUSTER_TIME });
  await expect(takeOneRice(5_000)).resolves.toMatchObject({ id: RICE.toHexString(), in_stock_qty: 9 });
  const [first, second] = peer.commands('findAndModify');
  expect(Number(second?.txnNumber)).toBe(Number(first?.txnNumber) + 1);
  expect(peer.commands('commitTransaction')).toHaveLength(1);
});
