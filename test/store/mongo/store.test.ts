// The MongoDB Store around its change stream, with no server: several instances over one recorded
// stream, listener isolation, resync signals, readiness and closing.
import { afterEach, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { ChangeEvent } from '../../../store/types.js';
import { StoreUnavailableError } from '../../../store/types.js';
import { ORDER_ID, RICE_ID, RISOTTO_ID, USER_ID, recorded } from '../fixtures/change-events.js';
import { broadcastRecorded, streamFedStore, type StreamFedStore } from '../fixtures/two-stores.js';

const opened: StreamFedStore[] = [];
async function instance(): Promise<StreamFedStore> {
  const fed = await streamFedStore();
  opened.push(fed);
  return fed;
}
afterEach(async () => {
  for (const { store } of opened.splice(0)) await store.close();
});

const STREAM = [
  'insertOrder',
  'updateOrderStatus',
  'updateStockInTransaction',
  'replaceDish',
  'insertUserFromMongosh',
  'deleteOrderWithPreImage',
] as const;
const summary = (events: ChangeEvent[]) => events.map((event) => `${event.collection} ${event.operation} ${event.id}`);

describe('MongoStore over one recorded change stream', () => {
  it('two instances each deliver every event, once, in order, to their own listeners', async () => {
    const instances = [await instance(), await instance()];
    const seen = instances.map(({ store }) => {
      const events: ChangeEvent[] = [];
      store.onChange((event) => events.push(event));
      return events;
    });
    await broadcastRecorded(instances, STREAM.map(recorded));
    const expected = [
      `orders insert ${ORDER_ID}`,
      `orders update ${ORDER_ID}`,
      `ingredients update ${RICE_ID}`,
      `dishes update ${RISOTTO_ID}`,
      `users insert ${USER_ID}`,
      `orders delete ${ORDER_ID}`,
    ];
    expect(summary(seen[0]!)).toEqual(expected);
    expect(summary(seen[1]!)).toEqual(expected);
    expect(seen[0]).toEqual(seen[1]);
    // Each instance keeps its own position.
    for (const { tokens } of instances) expect(tokens.token).toEqual(recorded('deleteOrderWithPreImage')._id);
  });

  it('every subscriber of one instance hears each event once; a failing one does not stop the others', async () => {
    const fed = await instance();
    const first: string[] = [];
    const second: string[] = [];
    fed.store.onChange((event) => first.push(event.id));
    fed.store.onChange(() => {
      throw new Error('listener bug');
    });
    fed.store.onChange(async () => {
      throw new Error('async listener bug');
    });
    fed.store.onChange((event) => second.push(event.id));
    await broadcastRecorded([fed], [recorded('insertOrder'), recorded('deleteOrderWithoutPreImage')]);
    expect(first).toEqual([ORDER_ID, ORDER_ID]);
    expect(second).toEqual([ORDER_ID, ORDER_ID]);
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const fed = await instance();
    const heard: string[] = [];
    const stop = fed.store.onChange((event) => heard.push(event.operation));
    await broadcastRecorded([fed], [recorded('insertOrder')]);
    stop();
    await broadcastRecorded([fed], [recorded('updateOrderStatus')]);
    expect(heard).toEqual(['insert']);
  });

  it('history lost reaches onResync subscribers with the reason', async () => {
    const fed = await instance();
    const reasons: string[] = [];
    fed.store.onResync((reason) => reasons.push(reason));
    await fed.opener.current.fail(new mongoose.mongo.MongoServerError({ message: 'resume point no longer in the oplog', code: 286 }));
    await fed.scheduler.runNext();
    expect(reasons).toEqual(['the change stream could not resume (code 286: resume point no longer in the oplog)']);
  });
});

describe('MongoStore readiness', () => {
  it('ping refuses with the stream problem once the stream is down past the backoff cap', async () => {
    const fed = await instance();
    fed.opener.current.heartbeat();
    await fed.opener.current.fail(new mongoose.mongo.MongoNetworkError('connection refused'));
    fed.clock.now += 4_001;
    await expect(fed.store.ping()).rejects.toEqual(
      new StoreUnavailableError('the change stream has been down for 4 s: connection refused'),
    );
  });

  it('ping refuses while the database is not connected, even with a live stream', async () => {
    const fed = await instance();
    fed.opener.current.heartbeat();
    await expect(fed.store.ping()).rejects.toEqual(new StoreUnavailableError('MongoDB is not connected'));
  });

  it('close closes the stream for good (no reopen) and can be called twice', async () => {
    const fed = await instance();
    const stream = fed.opener.current;
    await Promise.all([fed.store.close(), fed.store.close()]);
    expect(stream.closed).toBe(true);
    expect(fed.scheduler.pending).toBe(0);
    await expect(fed.store.ping()).rejects.toEqual(new StoreUnavailableError('the change stream is closed'));
  });

  it('after close, reads, writes and transactions are refused with StoreUnavailableError', async () => {
    const fed = await instance();
    await fed.store.close();
    const closed = new StoreUnavailableError('the store is closed');
    await expect(fed.store.collection('ingredients').get(RICE_ID)).rejects.toEqual(closed);
    await expect(fed.store.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 1, price: 1 })).rejects.toEqual(closed);
    await expect(fed.store.transaction(async () => 1)).rejects.toEqual(closed);
  });
});
