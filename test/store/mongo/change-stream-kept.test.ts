// The change source on the real driver when the stream's position is kept: errors it reopens
// from the last delivered event, a network drop the driver resumes by itself, a transaction split
// by a batch boundary, and the post-batch tokens of a quiet period (against the scripted peer).
import { describe, expect, it } from 'vitest';
import { PLACE_RISOTTO_ORDER, recorded } from '../fixtures/change-events.js';
import { DROP } from './wire/peer.js';
import type { Document } from './wire/protocol.js';
import { firstBatch, historyLost, nextBatch, token, unauthorized } from './wire/replies.js';
import { changeStreamStage, scriptTokenCollection, tokenWrites, until } from './wire/store-over-peer.js';
import { fromNow, resumesFrom, useWireStream } from './wire/stream-kit.js';

const w = useWireStream();

describe('change stream over the real driver: keeping the position', () => {
  it('a non-resumable error: the real error is reported, and the stream reopens after the last delivered event without a resync', async () => {
    scriptTokenCollection(w.peer, null);
    w.peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(12)));
    w.peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), unauthorized());
    const { store, resyncs, logs } = await w.open();
    await until('the stream reopened', () => w.aggregates().length === 2 && w.peer.pending('getMore') === 1);
    expect(resumesFrom(w.aggregates()[1]!)).toEqual(recorded('insertOrder')._id);
    expect(resyncs).toEqual([]);
    const failure = logs.find((entry) => entry.msg === 'the MongoDB change stream failed; reopening');
    expect((failure?.obj.err as { code?: number } | undefined)?.code).toBe(13);
    await w.expectReadyAfterALongTime(store);
  });

  it('a network drop mid-getMore: the driver resumes by itself; every event arrives once, no resync', async () => {
    scriptTokenCollection(w.peer, null);
    w.peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(12), [recorded('updateOrderStatus')]));
    w.peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), DROP);
    const { store, events, resyncs } = await w.open();
    await until('the update after the drop', () => events.length === 2 && w.peer.pending('getMore') === 1);
    expect(events.map((event) => event.operation)).toEqual(['insert', 'update']);
    expect(w.aggregates().map((aggregate) => changeStreamStage(aggregate).resumeAfter ?? null)).toEqual([null, token(11)]);
    expect(resyncs).toEqual([]);
    await w.expectReadyAfterALongTime(store);
  });

  it("a network drop, then the driver's own resume finds the history lost: one resync, reopened from now", async () => {
    scriptTokenCollection(w.peer, null);
    w.peer.always('aggregate', (command) => (changeStreamStage(command).resumeAfter ? historyLost() : firstBatch(token(60))));
    w.peer.reply('getMore', nextBatch(token(11), [recorded('insertOrder')]), DROP);
    const { store, events, resyncs } = await w.open();
    await until('the stream reopened from now', () => w.aggregates().filter(fromNow).length === 2 && w.peer.pending('getMore') === 1);
    expect(w.aggregates().map((aggregate) => (changeStreamStage(aggregate).resumeAfter ?? null) as Document | null)).toEqual([
      null,
      token(11),
      null,
    ]);
    expect(events.map((event) => event.operation)).toEqual(['insert']);
    expect(resyncs).toEqual([expect.stringContaining('ChangeStreamHistoryLost code 286') as unknown as string]);
    await w.expectReadyAfterALongTime(store);
  });

  it('a resumed first batch the server cut inside a transaction: the transaction still goes out as one commit', async () => {
    scriptTokenCollection(w.peer, token(1));
    const [rice, saffron, order] = PLACE_RISOTTO_ORDER.map((name) => recorded(name) as unknown as Document);
    // A full batch: its post-batch token is its last document's own.
    w.peer.reply('aggregate', firstBatch(saffron!._id as Document, [rice!, saffron!]));
    w.peer.reply('getMore', nextBatch(token(90), [order!]));
    const { events } = await w.open();
    const commits: number[] = [];
    w.opened!.store.onChange(() => {
      if (commits.length === 0 || !sameCommit) commits.push(0);
      commits[commits.length - 1]! += 1;
      sameCommit = true;
      queueMicrotask(() => (sameCommit = false));
    });
    let sameCommit = false;
    await until('the whole transaction', () => events.length === 3);
    expect(commits).toEqual([3]);
  });

  it("a quiet period: the server's post-batch tokens are saved, and a restart resumes from them", async () => {
    scriptTokenCollection(w.peer, null);
    w.peer.reply('aggregate', firstBatch(token(10)));
    w.peer.reply('getMore', nextBatch(token(11)), nextBatch(token(12)), nextBatch(token(13)));
    await w.open();
    await until('the fourth getMore', () => w.peer.pending('getMore') === 1);
    await until('a saved post-batch token', () => tokenWrites(w.peer).length > 0);
    await w.restart();
    const saved = tokenWrites(w.peer).at(-1) as Document;
    expect([token(11), token(12)]).toContainEqual(saved);
    scriptTokenCollection(w.peer, saved);
    w.peer.reply('aggregate', firstBatch(token(14)));
    await w.open();
    await until('the resumed aggregate', () => w.aggregates().length === 2);
    expect(changeStreamStage(w.aggregates()[1]!).startAfter).toEqual(saved);
    // A resumed first batch is not cut at the aggregate's default 101 documents (mid-transaction).
    expect(w.aggregates()[1]!.cursor).toEqual({ batchSize: 10_000 });
  });
});
