// store.settled() on MongoDB, over the real driver: it asks the member for the majority's newest
// write (hello) and resolves only once the change stream has handed on everything up to it: a
// delivered event at that cluster time, or an empty batch whose postBatchResumeToken is past it (a
// write the stream does not follow). A stream that does not get there in time is a 503, never a
// stale view.
import mongoose from 'mongoose';
import { expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../store/types.js';
import { tokenTime } from '../../../store/mongo/settle-point.js';
import { MAX_AWAIT_MS } from '../../../store/mongo/opener.js';
import { recorded } from '../fixtures/change-events.js';
import type { Document } from './wire/protocol.js';
import { firstBatch, nextBatch } from './wire/replies.js';
import { scriptTokenCollection, until } from './wire/store-over-peer.js';
import { useWireStream } from './wire/stream-kit.js';

const { Timestamp } = mongoose.mongo;
const w = useWireStream();
const hex = (n: number) => n.toString(16).padStart(8, '0').toUpperCase();
/** A resume token as the server writes one for cluster time (t, i). */
const tokenAt = (t: number, i: number) => ({ _data: `82${hex(t)}${hex(i)}2B0429296E1404` });
/** The recorded insert's cluster time. */
const INSERTED = { t: 1_795_262_401, i: 1 };

/** Whether the promise has settled within 100 ms (ample for a hello to the local peer and back). */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return done;
}

async function openAt(lastWrite: { t: number; i: number }, extra: Parameters<typeof w.open>[0] = {}) {
  scriptTokenCollection(w.peer, null);
  w.peer.reply('aggregate', firstBatch(tokenAt(1_795_262_400, 9)));
  const opened = await w.open(extra);
  await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
  w.peer.lastWrite = new Timestamp(lastWrite);
  return opened;
}

it('reads the cluster time from a real resume token', () => {
  expect(tokenTime(recorded('insertOrder')._id)).toEqual(INSERTED);
  expect(tokenTime({ _data: 'not a KeyString' })).toBeNull();
});

it('resolves once the event at the majority newest write has reached the listeners, not before', async () => {
  const { store, events } = await openAt(INSERTED);
  const settling = store.settled().then(() => events.length);
  expect(await settledYet(settling)).toBe(false);
  w.peer.reply('getMore', nextBatch(recorded('insertOrder')._id as Document, [recorded('insertOrder')]));
  expect(await settling).toBe(1);
  expect(w.peer.commands('hello').length).toBeGreaterThan(0);
  // Nothing written since: no getMore needed.
  await expect(store.settled()).resolves.toBeUndefined();
  expect(w.peer.commands('getMore')).toHaveLength(2);
  // A quiet server answers each getMore within MAX_AWAIT_MS, bounding the wait after an unfollowed write.
  expect(w.peer.commands('getMore')[0]?.maxTimeMS).toBe(MAX_AWAIT_MS);
});

it('resolves on an empty batch whose token is past a write the stream does not follow, and not on one before it', async () => {
  const { store, events } = await openAt({ t: 1_795_262_410, i: 3 });
  const settling = store.settled();
  w.peer.reply('getMore', nextBatch(tokenAt(1_795_262_410, 2)));
  await until('the driver waits on its next getMore', () => w.peer.commands('getMore').length === 2 && w.peer.pending('getMore') === 1);
  expect(await settledYet(settling)).toBe(false);
  w.peer.reply('getMore', nextBatch(tokenAt(1_795_262_410, 3)));
  await expect(settling).resolves.toBeUndefined();
  expect(events).toEqual([]);
});

it('answers StoreUnavailableError when the stream does not get there in time', async () => {
  const { store } = await openAt({ t: 1_795_262_420, i: 1 }, { settleTimeoutMs: 150 });
  const settling = store.settled();
  await expect(settling).rejects.toBeInstanceOf(StoreUnavailableError);
  await expect(settling).rejects.toThrow(/change stream has not caught up with the database within 150 ms/);
});
