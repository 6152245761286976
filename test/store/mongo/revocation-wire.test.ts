// A replayed refresh token over the real driver: the family is revoked in the transaction that
// found the replay, so a step-down during the revocation (NotWritablePrimary, which MongoDB labels
// TransientTransactionError inside a transaction) is retried whole, and the 401 that says "every
// token revoked" is answered only once the revocation committed.
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { TokenService } from '../../../domain/accounts/tokens.js';
import { WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { CLUSTER_TIME, firstBatch, token } from './wire/replies.js';
import { scriptTokenCollection, storeOverPeer } from './wire/store-over-peer.js';

const { Long, ObjectId } = mongoose.mongo;
const RECORD = new ObjectId('674f1a2b3c4d5e6f70819301');
const FAMILY = '674f1a2b3c4d5e6f70819302';
const STOLEN = 'a'.repeat(64);

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
beforeEach(async () => {
  peer = await WirePeer.start();
  scriptTokenCollection(peer, null);
  peer.always('aggregate', firstBatch(token(1)));
  peer.always('commitTransaction', { ok: 1, operationTime: CLUSTER_TIME });
  peer.always('abortTransaction', { ok: 1, operationTime: CLUSTER_TIME });
});
afterEach(async () => {
  await opened?.store.close();
  await peer.close();
});

const usedRecord: Document = {
  _id: RECORD,
  token_hash: createHash('sha256').update(STOLEN).digest('hex'),
  family_id: FAMILY,
  user_id: '674f1a2b3c4d5e6f70819303',
  expires_at: '2099-01-01T00:00:00.000Z',
  used_at: '2026-11-23T10:00:00.000Z',
  revoked_at: null,
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};
const notPrimary = (inTransaction: boolean) => ({
  ok: 0,
  errmsg: 'not primary',
  code: 10107,
  codeName: 'NotWritablePrimary',
  ...(inTransaction ? { errorLabels: ['TransientTransactionError'] } : {}),
  operationTime: CLUSTER_TIME,
});

it('a step-down while revoking a replayed family is retried with the claim: 401 only once the family is revoked', async () => {
  peer.always('find', (command) => ({
    cursor: { firstBatch: command.find === 'refresh_tokens' ? [usedRecord] : [], id: Long.ZERO, ns: `pos.${String(command.find)}` },
    ok: 1,
  }));
  // The claim finds the token used: no document matches.
  peer.always('findAndModify', { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1, operationTime: CLUSTER_TIME });
  let revocations = 0;
  peer.always('update', (command) => {
    if (command.update !== 'refresh_tokens') return { n: 1, nModified: 1, ok: 1 };
    revocations += 1;
    return revocations === 1 ? notPrimary(command.txnNumber !== undefined) : { n: 3, nModified: 3, ok: 1, operationTime: CLUSTER_TIME };
  });
  opened = await storeOverPeer(peer, { now: Date.now() });
  const tokens = new TokenService(opened.store, {
    secret: 'wire-test-secret-long-enough-for-hs256!!',
    accessTtlSeconds: 600,
    refreshTtlSeconds: 3600,
    now: () => new Date(),
  });

  await expect(tokens.refresh(STOLEN)).rejects.toMatchObject({
    status: 401,
    detail: 'The refresh token was already used; every token of this login has been revoked. Log in again.',
  });
  const sent = peer.commands('update').filter((command) => command.update === 'refresh_tokens');
  expect(
    sent.map((command) => [
      (command.updates as Document[])[0]!.q,
      (command.updates as Document[])[0]!.multi,
      command.txnNumber !== undefined,
    ]),
  ).toEqual([
    [{ $and: [{ family_id: { $eq: FAMILY } }] }, true, true],
    [{ $and: [{ family_id: { $eq: FAMILY } }] }, true, true],
  ]);
  // The retry is a new transaction, committed.
  expect(Number(sent[1]!.txnNumber)).toBe(Number(sent[0]!.txnNumber) + 1);
  expect(peer.commands('commitTransaction')).toHaveLength(1);
});
