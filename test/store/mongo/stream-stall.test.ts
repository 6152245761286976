// A change stream that once went live and then goes silent (the server never answers its getMore)
// is reported by /ready, reopened by the store's watchdog, and, if it stays down past the bound
// (POS_STREAM_DOWN_EXIT), reported to the process, which exits so its supervisor restarts it.
import { expect, it } from 'vitest';
import { ManualScheduler } from '../fixtures/change-events-harness.js';
import { firstBatch, nextBatch, token, unauthorized } from './wire/replies.js';
import { scriptTokenCollection, until } from './wire/store-over-peer.js';
import { readyOverHttp, resumesFrom, useWireStream } from './wire/stream-kit.js';

const w = useWireStream();

it('silent for longer than 30 s after it went live: /ready answers 503 naming the stall', async () => {
  scriptTokenCollection(w.peer, null);
  w.peer.reply('aggregate', firstBatch(token(10)));
  const { store } = await w.open();
  await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
  w.clock.now += 29_000;
  expect((await readyOverHttp(w.peer, store)).status).toBe(200);
  w.clock.now += 2_000;
  expect(await readyOverHttp(w.peer, store)).toEqual({
    status: 503,
    body: expect.objectContaining({
      status: 503,
      detail: 'The mongodb store is not reachable: the change stream has sent nothing for 31 s (stalled)',
    }),
  });
});

it('the watchdog reopens a stalled stream after its last position; it is ready again once the new stream answers', async () => {
  scriptTokenCollection(w.peer, null);
  w.peer.reply('aggregate', firstBatch(token(10)), firstBatch(token(12)));
  w.peer.reply('getMore', nextBatch(token(11)));
  const watchdog = new ManualScheduler();
  const gaveUp: string[] = [];
  const { store } = await w.open({
    watch: { giveUpAfterMs: 60_000, onGiveUp: (problem) => gaveUp.push(problem), schedule: watchdog.schedule, now: () => w.clock.now },
  });
  await until('the driver waits on its second getMore', () => w.peer.pending('getMore') === 1 && w.peer.commands('getMore').length === 2);
  await watchdog.runNext();
  expect(w.aggregates()).toHaveLength(1);
  w.clock.now += 31_000;
  await watchdog.runNext();
  // The stalled getMore stays parked at the peer; the new stream asks for its own next batch.
  await until('the stream reopened', () => w.aggregates().length === 2 && w.peer.commands('getMore').length === 3);
  expect(resumesFrom(w.aggregates()[1]!)).toEqual(token(11));
  await expect(store.ping()).resolves.toBeUndefined();
  expect(gaveUp).toEqual([]);
});

it('down past the bound: onGiveUp is told once, with the problem /ready reports', async () => {
  scriptTokenCollection(w.peer, null);
  w.peer.always('aggregate', unauthorized());
  const watchdog = new ManualScheduler();
  const gaveUp: string[] = [];
  await w.open({
    watch: { giveUpAfterMs: 60_000, onGiveUp: (problem) => gaveUp.push(problem), schedule: watchdog.schedule, now: () => w.clock.now },
  });
  await until('the stream failed twice', () => w.aggregates().length >= 2);
  w.clock.now += 1_000;
  await watchdog.runNext();
  w.clock.now += 59_999;
  await watchdog.runNext();
  expect(gaveUp).toEqual([]);
  w.clock.now += 1;
  await watchdog.runNext();
  expect(gaveUp).toHaveLength(1);
  expect(gaveUp[0]).toMatch(/^the change stream has been down for 61 s: Unauthorized code 13: not authorized/);
  expect(watchdog.pending).toBe(0);
});
