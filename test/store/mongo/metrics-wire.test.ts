// /metrics on MongoDB, over the wire peer (the real store, driver and change stream; only the server
// is scripted): each transaction's commit time, committed or failed, and the change stream's lag
// (from a change's wallTime, or its cluster time, to its arrival here), as GET /metrics shows them.
import { expect, it } from 'vitest';
import type { CommitTiming } from '../../../store/types.js';
import { recorded } from '../fixtures/change-events.js';
import { CLUSTER_TIME, firstBatch, nextBatch, serverError, token } from './wire/replies.js';
import { scriptTokenCollection, until } from './wire/store-over-peer.js';
import { appOverPeer, useWireStream } from './wire/stream-kit.js';

const w = useWireStream();
const entry = {
  order_id: 'a'.repeat(24),
  at: '2026-11-26T12:00:00.000Z',
  user_id: null,
  user_name: 'scheduler',
  action: 'fired' as const,
  changes: {},
  expires_at: '2027-02-24T12:00:00.000Z',
};

it("reports each transaction's commit time: committed, and failed when the server refuses the commit", async () => {
  scriptTokenCollection(w.peer, null);
  w.peer.always('aggregate', firstBatch(token(1)));
  let refuse = false;
  // The server takes 35 ms (by the test's clock) to acknowledge the commit.
  w.peer.always('commitTransaction', () => {
    w.clock.now += 35;
    return refuse ? serverError(112, 'WriteConflict', 'the commit was refused') : { ok: 1, operationTime: CLUSTER_TIME };
  });
  w.peer.always('abortTransaction', { ok: 1, operationTime: CLUSTER_TIME });
  const { store } = await w.open({ timer: () => w.clock.now });
  const commits: CommitTiming[] = [];
  store.onCommit((commit) => commits.push(commit));
  await store.transaction((tx) => tx.collection('order_audit').insert(entry));
  refuse = true;
  await expect(store.transaction((tx) => tx.collection('order_audit').insert(entry))).rejects.toThrow();
  expect(commits).toEqual([
    { seconds: 0.035, failed: false },
    { seconds: 0.035, failed: true },
  ]);
});

it(
  'reports the lag of each change received live (from wallTime, else cluster time), none for those ' +
    'committed before the start, and /metrics shows it',
  async () => {
    scriptTokenCollection(w.peer, token(1));
    w.peer.reply('aggregate', firstBatch(token(2)));
    // The cluster's last write at the start: after the recorded insert (…401), before the update (…405).
    const { store, events } = await w.open({ startTime: async () => ({ t: 1_795_262_403, i: 0 }) });
    const lags: number[] = [];
    store.onStreamLag((seconds) => lags.push(seconds));
    const { app, close } = await appOverPeer(w.peer, store);
    try {
      await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
      w.clock.now = Date.parse('2026-11-21T12:00:09.000Z');
      w.peer.reply('getMore', nextBatch(token(3), [recorded('insertOrder')]));
      await until('the replayed insert is delivered', () => events.length === 1);
      await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
      // Received 250 ms after its wallTime (12:00:05.121).
      w.clock.now = Date.parse('2026-11-21T12:00:05.371Z');
      w.peer.reply('getMore', nextBatch(token(4), [recorded('updateOrderStatus')]));
      await until('the live update is delivered', () => events.length === 2);
      await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
      // No wallTime (MongoDB before 6.0): its cluster time, 1795262405 s, 2 s ago.
      const { wallTime: _wall, ...older } = recorded('updateOrderStatus') as unknown as Record<string, unknown>;
      w.clock.now = 1_795_262_407_000;
      w.peer.reply('getMore', nextBatch(token(5), [{ ...older, _id: token(5) }]));
      await until('the update without wallTime is delivered', () => events.length === 3);
      expect(lags).toEqual([0.25, 2]);
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(text).toContain('# TYPE pos_store_change_stream_lag_seconds histogram');
      expect(text).toContain('pos_store_change_stream_lag_seconds_bucket{le="0.25"} 1');
      expect(text).toContain('pos_store_change_stream_lag_seconds_bucket{le="1"} 1');
      expect(text).toContain('pos_store_change_stream_lag_seconds_bucket{le="2.5"} 2');
      expect(text).toContain('pos_store_change_stream_lag_seconds_sum 2.25');
      expect(text).toContain('pos_store_change_stream_lag_seconds_count 2');
    } finally {
      await close();
    }
  },
);
