// The change source driven by recorded change-stream documents through a fake opener: delivery,
// resume-token persistence, reopening with backoff, and restarting from now with a resync signal.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { ResumeToken } from '../../store/mongo/change-events.js';
import { ChangeSource } from '../../store/mongo/change-source.js';
import type { ChangeEvent } from '../../store/types.js';
import { ORDER_ID, RICE_ID, recorded } from './fixtures/change-events.js';
import { FakeOpener, ManualScheduler, MemoryTokenStore, settle } from './fixtures/change-events-harness.js';

const { MongoNetworkError, MongoServerError } = mongoose.mongo;

const historyLost = () =>
  new MongoServerError({
    message: 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    code: 286,
    codeName: 'ChangeStreamHistoryLost',
    errorLabels: ['NonResumableChangeStreamError'],
  });

async function started(saved: ResumeToken | null = null) {
  const opener = new FakeOpener();
  const tokens = new MemoryTokenStore(saved);
  const scheduler = new ManualScheduler();
  const clock = { now: 1_000_000 };
  const events: ChangeEvent[] = [];
  const resyncs: string[] = [];
  const source = new ChangeSource({
    open: opener.open,
    tokens,
    deliver: (event) => events.push(event),
    resync: (reason) => resyncs.push(reason),
    schedule: scheduler.schedule,
    now: () => clock.now,
    backoff: { initialMs: 250, maxMs: 4_000 },
  });
  await source.start();
  return { source, opener, tokens, scheduler, clock, events, resyncs };
}

const tokenOf = (name: Parameters<typeof recorded>[0]) => recorded(name)._id;

describe('change source: delivery and resume tokens', () => {
  it('with no saved token the first stream starts from now', async () => {
    const { opener } = await started();
    expect(opener.opened).toEqual([{}]);
  });

  it('after a restart the stream starts after the saved token', async () => {
    const { opener } = await started(tokenOf('insertOrder'));
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }]);
  });

  it('delivers each event once, in stream order, and saves the token of the last one', async () => {
    const { opener, tokens, events, source } = await started();
    opener.current.push(recorded('insertOrder'));
    await settle();
    opener.current.push(recorded('updateOrderStatus'));
    await source.close();
    expect(events.map((event) => [event.operation, event.id, (event.after as { status?: string } | null)?.status])).toEqual([
      ['insert', ORDER_ID, 'Received'],
      ['update', ORDER_ID, 'In Progress'],
    ]);
    expect(tokens.writes).toEqual([tokenOf('insertOrder'), tokenOf('updateOrderStatus')]);
    expect(tokens.token).toEqual(tokenOf('updateOrderStatus'));
  });

  it('a burst of events costs one token write: only the newest token is saved', async () => {
    const { opener, tokens, events, source } = await started();
    opener.current.push(recorded('insertOrder'), recorded('updateOrderStatus'), recorded('deleteOrderWithPreImage'));
    await source.close();
    expect(events).toHaveLength(3);
    expect(tokens.writes).toEqual([tokenOf('deleteOrderWithPreImage')]);
  });

  it('skipped events (another collection) still move the saved position forward', async () => {
    const { opener, tokens, events, source } = await started();
    opener.current.push(recorded('insertUnwatched'));
    await source.close();
    expect(events).toEqual([]);
    expect(tokens.token).toEqual(tokenOf('insertUnwatched'));
  });

  it('dropping a watched collection signals a resync and the stream carries on', async () => {
    const { opener, resyncs, events, source } = await started();
    opener.current.push(recorded('dropDishes'), recorded('insertOrder'));
    await source.close();
    expect(resyncs).toEqual(['the dishes collection was dropped']);
    expect(events.map((event) => event.id)).toEqual([ORDER_ID]);
    expect(opener.streams).toHaveLength(1);
  });

  it('a stock flip inside a transaction arrives with before and after', async () => {
    const { opener, events, source } = await started();
    opener.current.push(recorded('updateStockInTransaction'));
    await source.close();
    expect(events[0]).toMatchObject({ collection: 'ingredients', id: RICE_ID, before: { in_stock_qty: 2 }, after: { in_stock_qty: 0 } });
  });
});

describe('change source: errors, reopening and resync', () => {
  it('a network error reopens after the backoff, after the last delivered event, without a resync', async () => {
    const { opener, scheduler, resyncs, tokens } = await started();
    opener.current.push(recorded('insertOrder'));
    opener.current.fail(new MongoNetworkError('connection 3 to db:27017 closed'));
    await settle();
    expect(scheduler.delays).toEqual([250]);
    await scheduler.runNext();
    expect(opener.opened).toEqual([{}, { startAfter: tokenOf('insertOrder') }]);
    expect(resyncs).toEqual([]);
    expect(tokens.writes).not.toContain('cleared');
  });

  it('a resumable server error (ResumableChangeStreamError label) is reopened the same way', async () => {
    const { opener, scheduler, resyncs } = await started();
    opener.current.push(recorded('updateStockInTransaction'));
    const error = new MongoServerError({ message: 'operation was interrupted', code: 11602, codeName: 'InterruptedDueToReplStateChange', errorLabels: ['ResumableChangeStreamError'] });
    opener.current.fail(error);
    await scheduler.runNext();
    expect(opener.opened.at(-1)).toEqual({ startAfter: tokenOf('updateStockInTransaction') });
    expect(resyncs).toEqual([]);
  });

  it('the error and the close that follows it schedule one reopen, not two', async () => {
    const { opener, scheduler } = await started();
    opener.current.fail(new MongoNetworkError('socket hang up'));
    await settle();
    expect(scheduler.pending).toBe(1);
    expect(opener.streams[0]?.listenerCount('change')).toBe(0);
  });

  it('reopen delays double up to the cap and start again after the stream is back', async () => {
    const { opener, scheduler } = await started();
    opener.current.fail(new MongoNetworkError('down'));
    opener.failNext(...Array.from({ length: 6 }, () => new MongoNetworkError('still down')));
    for (let attempt = 0; attempt < 7; attempt += 1) await scheduler.runNext();
    expect(scheduler.delays).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000, 4_000]);
    opener.current.heartbeat();
    opener.current.fail(new MongoNetworkError('down again'));
    await settle();
    expect(scheduler.delays.at(-1)).toBe(250);
  });

  it('history lost (code 286) clears the saved token, signals a resync and restarts from now', async () => {
    const { opener, scheduler, resyncs, tokens } = await started(tokenOf('insertOrder'));
    opener.current.fail(historyLost());
    await scheduler.runNext();
    expect(resyncs).toEqual(['the change stream could not resume (Resume of change stream was not possible, as the resume point may no longer be in the oplog.)']);
    expect(tokens.writes).toEqual(['cleared']);
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }, {}]);
  });

  it('history lost while opening with a stale token is handled the same way', async () => {
    const opener = new FakeOpener();
    opener.failNext(historyLost());
    const resyncs: string[] = [];
    const scheduler = new ManualScheduler();
    const source = new ChangeSource({ open: opener.open, tokens: new MemoryTokenStore(tokenOf('insertOrder')), deliver: () => undefined, resync: (reason) => resyncs.push(reason), schedule: scheduler.schedule });
    await source.start();
    await scheduler.runNext();
    expect(resyncs).toHaveLength(1);
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }, {}]);
  });

  it('invalidate: resync, token cleared, old stream closed, new stream from now at once', async () => {
    const { opener, scheduler, resyncs, tokens, events } = await started();
    opener.current.push(recorded('insertOrder'), recorded('invalidate'));
    await settle();
    expect(events).toHaveLength(1);
    expect(resyncs).toEqual([expect.stringContaining('invalidated')]);
    expect(tokens.token).toBeNull();
    expect(opener.streams[0]?.closed).toBe(true);
    expect(opener.opened).toEqual([{}, {}]);
    expect(scheduler.delays).toEqual([]);
  });

  it('a deliberate close removes the close listener first: no reopen, no further events', async () => {
    const { opener, scheduler, source, events } = await started();
    const stream = opener.current;
    await source.close();
    stream.push(recorded('insertOrder'));
    expect(stream.closed).toBe(true);
    expect(stream.listenerCount('close')).toBe(0);
    expect(scheduler.pending).toBe(0);
    expect(events).toEqual([]);
  });
});

describe('change source: health for /ready', () => {
  it('healthy once the stream shows life; still healthy while reopening within the backoff cap', async () => {
    const { opener, source, clock } = await started();
    opener.current.heartbeat();
    expect(source.problem()).toBeNull();
    opener.current.fail(new MongoNetworkError('down'));
    clock.now += 4_000;
    expect(source.problem()).toBeNull();
  });

  it('unhealthy once down longer than the cap, saying why', async () => {
    const { opener, source, clock } = await started();
    opener.current.push(recorded('updateLookupWithoutPreImage'));
    opener.current.fail(new MongoNetworkError('connection refused'));
    clock.now += 4_001;
    expect(source.problem()).toBe('the change stream has been down for 4 s: connection refused');
  });

  it('a stream that never answered counts as down since start', async () => {
    const { source, clock } = await started();
    clock.now += 5_000;
    expect(source.problem()).toMatch(/^the change stream has been down for 5 s/);
  });

  it('closed is never healthy', async () => {
    const { source } = await started();
    await source.close();
    expect(source.problem()).toBe('the change stream is closed');
  });

});
