// The change source on the real driver when the stream's position is lost: mongoose's MongoDB
// driver opens the change stream against a scripted peer speaking the wire protocol, so the order
// of 'close', 'error' and documents is the driver's own. Each case must end with the stream open
// from now, one resync, and the store ready (what /ready asks) again.
import { describe, expect, it } from 'vitest';
import { recorded } from '../fixtures/change-events.js';
import type { Document } from './wire/protocol.js';
import { changeStreamFatal, firstBatch, historyLost, invalidateBatch, invalidResumeToken, nextBatch, token } from './wire/replies.js';
import { scriptTokenCollection, tokenWrites, until } from './wire/store-over-peer.js';
import { fromNow, readyOverHttp, resumesFrom, useWireStream } from './wire/stream-kit.js';

const w = useWireStream();

describe('change stream over the real driver: losing the position', () => {
  it('history lost at boot (an instance down past the oplog window): GET /ready answers 200 again once the stream reopened from now', async () => {
    scriptTokenCollection(w.peer, token(1));
    w.peer.always('aggregate', (command) => (resumesFrom(command) ? historyLost() : firstBatch(token(50))));
    const { store, resyncs } = await w.open();
    await until('the stream reopened from now', () => w.aggregates().some(fromNow) && w.peer.pending('getMore') === 1);
    w.clock.now += 20_000;
    expect(await readyOverHttp(w.peer, store)).toEqual({ status: 200, body: { status: 'ready', store: 'mongodb' } });
    expect(resyncs).toHaveLength(1);
  });

  it.each([
    ['ChangeStreamHistoryLost (286)', historyLost],
    ['InvalidResumeToken (260)', invalidResumeToken],
    ['ChangeStreamFatalError (280)', changeStreamFatal],
  ])('%s on resume: token cleared, one resync, reopened from now, ready again', async (_name, failure) => {
    scriptTokenCollection(w.peer, token(1));
    // A server past its oplog window: every resume from the stale token fails the same way.
    w.peer.always('aggregate', (command) => (resumesFrom(command) ? failure() : firstBatch(token(50))));
    const { store, resyncs } = await w.open();
    await until('an aggregate from now', () => w.aggregates().some(fromNow));
    await until('the first getMore of the new stream', () => w.peer.pending('getMore') === 1);
    expect(w.aggregates().map(resumesFrom)).toEqual([token(1), null]);
    expect(resyncs).toEqual([expect.stringContaining(`code ${failure().code}`) as unknown as string]);
    expect(tokenWrites(w.peer)).toEqual(['cleared']);
    await w.expectReadyAfterALongTime(store);
  });

  it('ChangeStreamHistoryLost on a getMore of a live stream recovers the same way', async () => {
    scriptTokenCollection(w.peer, null);
    w.peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(60)));
    w.peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), historyLost('getMore'));
    const { store, events, resyncs } = await w.open();
    await until('the stream reopened', () => w.aggregates().length === 2 && w.peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert']);
    expect(resyncs).toHaveLength(1);
    expect(fromNow(w.aggregates()[1]!)).toBe(true);
    await w.expectReadyAfterALongTime(store);
  });

  it('an invalidate batch (cursor closed by the server): one resync, reopened from now, ready again', async () => {
    scriptTokenCollection(w.peer, null);
    const invalidate = recorded('invalidate') as unknown as Document;
    w.peer.always('aggregate', (command) => (resumesFrom(command) ? invalidResumeToken() : firstBatch(token(70))));
    w.peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), invalidateBatch(invalidate));
    const { store, events, resyncs } = await w.open();
    await until('the stream reopened from now', () => w.aggregates().filter(fromNow).length === 2 && w.peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert']);
    expect(resyncs).toEqual([expect.stringContaining('invalidated') as unknown as string]);
    expect(w.aggregates().map(resumesFrom)).toEqual([null, null]);
    expect(tokenWrites(w.peer).at(-1)).toBe('cleared');
    await w.expectReadyAfterALongTime(store);
  });
});
