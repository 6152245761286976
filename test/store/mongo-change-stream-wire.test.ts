// The change source on the real driver: mongoose's MongoDB driver opens the change stream against a
// scripted peer speaking the wire protocol, so the order of 'close', 'error' and documents, and
// which errors the driver resumes by itself, are the driver's own. Each case must end with the
// stream open from a valid point and the store ready (what /ready asks) again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recorded } from './fixtures/change-events.js';
import { DROP, WirePeer } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { changeStreamFatal, firstBatch, historyLost, invalidateBatch, invalidResumeToken, nextBatch, token, unauthorized } from './wire/replies.js';
import { changeStreamStage, scriptTokenCollection, storeOverPeer, tokenWrites, until } from './wire/store-over-peer.js';

let peer: WirePeer;
let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
const clock = { now: 1_732_300_000_000 };

beforeEach(async () => {
  peer = await WirePeer.start();
});

afterEach(async () => {
  await opened?.store.close();
  opened = undefined;
  await peer.close();
});

const open = async () => (opened = await storeOverPeer(peer, clock));
const resumesFrom = (aggregate: Document) => {
  const stage = changeStreamStage(aggregate);
  return (stage.startAfter ?? stage.resumeAfter ?? null) as Document | null;
};
const fromNow = (aggregate: Document) => resumesFrom(aggregate) === null && changeStreamStage(aggregate).startAtOperationTime !== undefined;
const aggregates = () => peer.commands('aggregate');

/** Down far longer than the backoff cap: ready only if the stream is live again. */
async function expectReadyAfterALongTime(store: { ping(): Promise<void> }) {
  clock.now += 60_000;
  await expect(store.ping()).resolves.toBeUndefined();
}

describe('change stream over the real driver: losing the position', () => {
  it.each([
    ['ChangeStreamHistoryLost (286)', historyLost],
    ['InvalidResumeToken (260)', invalidResumeToken],
    ['ChangeStreamFatalError (280)', changeStreamFatal],
  ])('%s on resume: token cleared, one resync, reopened from now, ready again', async (_name, failure) => {
    scriptTokenCollection(peer, token(1));
    // A server past its oplog window: every resume from the stale token fails the same way.
    peer.always('aggregate', (command) => (resumesFrom(command) ? failure() : firstBatch(token(50))));
    const { store, resyncs } = await open();
    await until('an aggregate from now', () => aggregates().some(fromNow));
    await until('the first getMore of the new stream', () => peer.pending('getMore') === 1);
    expect(aggregates().map(resumesFrom)).toEqual([token(1), null]);
    expect(resyncs).toEqual([expect.stringContaining(`code ${failure().code}`) as unknown as string]);
    expect(tokenWrites(peer)).toEqual(['cleared']);
    await expectReadyAfterALongTime(store);
  });

  it('ChangeStreamHistoryLost on a getMore of a live stream recovers the same way', async () => {
    scriptTokenCollection(peer, null);
    peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(60)));
    peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), historyLost('getMore'));
    const { store, events, resyncs } = await open();
    await until('the stream reopened', () => aggregates().length === 2 && peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert']);
    expect(resyncs).toHaveLength(1);
    expect(fromNow(aggregates()[1]!)).toBe(true);
    await expectReadyAfterALongTime(store);
  });

  it('an invalidate batch (cursor closed by the server): one resync, reopened from now, ready again', async () => {
    scriptTokenCollection(peer, null);
    const invalidate = recorded('invalidate') as unknown as Document;
    peer.always('aggregate', (command) => (resumesFrom(command) ? invalidResumeToken() : firstBatch(token(70))));
    peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), invalidateBatch(invalidate));
    const { store, events, resyncs } = await open();
    await until('the stream reopened from now', () => aggregates().filter(fromNow).length === 2 && peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert']);
    expect(resyncs).toEqual([expect.stringContaining('invalidated') as unknown as string]);
    expect(aggregates().map(resumesFrom)).toEqual([null, null]);
    expect(tokenWrites(peer).at(-1)).toBe('cleared');
    await expectReadyAfterALongTime(store);
  });
});

describe('change stream over the real driver: keeping the position', () => {
  it('a non-resumable error: the real error is reported, and the stream reopens after the last delivered event without a resync', async () => {
    scriptTokenCollection(peer, null);
    peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(12)));
    peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), unauthorized());
    const { store, resyncs, logs } = await open();
    await until('the stream reopened', () => aggregates().length === 2 && peer.pending('getMore') === 1);
    expect(resumesFrom(aggregates()[1]!)).toEqual(recorded('insertOrder')._id);
    expect(resyncs).toEqual([]);
    const failure = logs.find((entry) => entry.msg === 'the MongoDB change stream failed; reopening');
    expect((failure?.obj.err as { code?: number } | undefined)?.code).toBe(13);
    await expectReadyAfterALongTime(store);
  });

  it('a network drop mid-getMore: the driver resumes by itself; every event arrives once, no resync', async () => {
    scriptTokenCollection(peer, null);
    peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(12), [recorded('updateOrderStatus')]));
    peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), DROP);
    const { store, events, resyncs } = await open();
    await until('the update after the drop', () => events.length === 2 && peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert', 'update']);
    expect(aggregates().map((aggregate) => changeStreamStage(aggregate).resumeAfter ?? null)).toEqual([null, token(11)]);
    expect(resyncs).toEqual([]);
    await expectReadyAfterALongTime(store);
  });

  it("a quiet period: the server's post-batch tokens are saved, and a restart resumes from them", async () => {
    scriptTokenCollection(peer, null);
    peer.reply('aggregate', firstBatch(token(10)));
    peer.reply('getMore', nextBatch(token(11)), nextBatch(token(12)), nextBatch(token(13)));
    const { store } = await open();
    await until('the fourth getMore', () => peer.pending('getMore') === 1);
    await until('a saved post-batch token', () => tokenWrites(peer).length > 0);
    await store.close();
    opened = undefined;
    const saved = tokenWrites(peer).at(-1) as Document;
    expect([token(11), token(12)]).toContainEqual(saved);
    scriptTokenCollection(peer, saved);
    peer.reply('aggregate', firstBatch(token(14)));
    await open();
    await until('the resumed aggregate', () => aggregates().length === 2);
    expect(changeStreamStage(aggregates()[1]!).startAfter).toEqual(saved);
    // A resumed first batch is not cut at the aggregate's default 101 documents (mid-transaction).
    expect(aggregates()[1]!.cursor).toEqual({ batchSize: 10_000 });
  });
});
