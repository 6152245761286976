// The change source driven by recorded change-stream documents through a fake opener: delivery in
// stream order, resume-token persistence, and health for /ready.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ORDER_ID, RICE_ID, recorded } from '../fixtures/change-events.js';
import { settle, startedSource as started } from '../fixtures/change-events-harness.js';

const { MongoNetworkError } = mongoose.mongo;
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

describe('change source: health for /ready', () => {
  it('healthy once the stream shows life; still healthy while reopening within the backoff cap', async () => {
    const { opener, source, clock } = await started();
    opener.current.heartbeat();
    expect(source.problem()).toBeNull();
    await opener.current.fail(new MongoNetworkError('down'));
    clock.now += 4_000;
    expect(source.problem()).toBeNull();
  });

  it('unhealthy once down longer than the cap, saying why', async () => {
    const { opener, source, clock } = await started();
    opener.current.push(recorded('updateLookupWithoutPreImage'));
    await opener.current.fail(new MongoNetworkError('connection refused'));
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
