// The change source and multi-document transactions: a transaction's change documents go out in one
// synchronous run (one commit for the realtime feed), and the saved position never passes them
// before they are delivered, whether the stream goes on, goes quiet, closes or fails.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../../../store/mongo/change-source.js';
import { REST_WAIT_MS } from '../../../store/mongo/transaction-groups.js';
import type { ChangeEvent } from '../../../store/types.js';
import {
  ORDER_ID,
  PLACE_RISOTTO_ORDER,
  RICE_ID,
  RISOTTO_ORDER_ID,
  SAFFRON_ID,
  STOCK_COUNT,
  recorded,
  type RecordedName,
} from '../fixtures/change-events.js';
import { settle, startedSource as started } from '../fixtures/change-events-harness.js';

const { MongoNetworkError, MongoServerError } = mongoose.mongo;
const tokenOf = (name: RecordedName) => recorded(name)._id;
const documents = (names: readonly RecordedName[]) => names.map(recorded);
const line = (event: ChangeEvent) => `${event.collection} ${event.operation} ${event.id}`;
const lines = (bursts: ChangeEvent[][]) => bursts.map((burst) => burst.map(line));

const ORDER_PLACED = [`ingredients update ${RICE_ID}`, `ingredients update ${SAFFRON_ID}`, `orders insert ${RISOTTO_ORDER_ID}`];
const STOCK_COUNTED = [`ingredients update ${SAFFRON_ID}`, `ingredients update ${RICE_ID}`];
const historyLost = () =>
  new MongoServerError({ message: 'resume point no longer in the oplog', code: 286, codeName: 'ChangeStreamHistoryLost' });

describe('change source: a transaction is delivered as one commit', () => {
  it('three documents of one transaction go out in one synchronous run; the write after them in the next', async () => {
    const log: string[] = [];
    const { opener, scheduler } = await started(null, (event) => {
      if (log.length === 0) queueMicrotask(() => log.push('a microtask queued by the first delivery'));
      log.push(line(event));
    });
    await opener.current.batch([...documents(PLACE_RISOTTO_ORDER), recorded('updateOrderStatus')]);
    await settle();
    expect(log).toEqual([...ORDER_PLACED, 'a microtask queued by the first delivery', `orders update ${ORDER_ID}`]);
    // The write after the transaction ended it: the quiet timer was called off.
    expect(scheduler.pending).toBe(0);
  });

  it('documents outside a transaction go out at once, each on its own', async () => {
    const { opener, events, bursts, scheduler } = await started();
    const stream = opener.current;
    const handedOut = stream.batch(documents(['insertOrder', 'updateOrderStatus']));
    await Promise.resolve();
    expect(events.map(line)).toEqual([`orders insert ${ORDER_ID}`]);
    await handedOut;
    expect(lines(bursts)).toEqual([[`orders insert ${ORDER_ID}`], [`orders update ${ORDER_ID}`]]);
    expect(scheduler.delays).toEqual([]);
  });

  it('two transactions back to back: two bursts, in stream order', async () => {
    const { opener, bursts, scheduler } = await started();
    await opener.current.batch(documents([...PLACE_RISOTTO_ORDER, ...STOCK_COUNT]));
    await settle();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
    await scheduler.runNext();
    expect(lines(bursts)).toEqual([ORDER_PLACED, STOCK_COUNTED]);
  });

  it('the same session with the next transaction number is another transaction', async () => {
    const { opener, bursts, scheduler } = await started();
    await opener.current.batch(documents(['updateStockInTransaction', ...PLACE_RISOTTO_ORDER]));
    await scheduler.runNext();
    expect(lines(bursts)).toEqual([[`ingredients update ${RICE_ID}`], ORDER_PLACED]);
  });

  it('a transaction at the end of the input goes out, whole, when the stream goes quiet (a 0 ms timer)', async () => {
    const { opener, events, bursts, scheduler } = await started();
    await opener.current.batch(documents(PLACE_RISOTTO_ORDER));
    await settle();
    expect(events).toEqual([]);
    expect(scheduler.delays).toEqual([0]);
    await scheduler.runNext();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
    expect(scheduler.pending).toBe(0);
  });
});

describe('change source: a transaction across a batch the server cut short', () => {
  const [first, second, third] = PLACE_RISOTTO_ORDER;

  it('a batch cut inside a transaction waits for the next batch: the transaction goes out whole, once', async () => {
    const { opener, bursts, scheduler } = await started();
    await opener.current.batch(documents([first, second]), 'cut');
    await scheduler.runNext();
    expect(bursts).toEqual([]);
    expect(scheduler.delays).toEqual([0, REST_WAIT_MS]);
    await opener.current.batch(documents([third, 'updateOrderStatus']));
    await settle();
    expect(lines(bursts)).toEqual([ORDER_PLACED, [`orders update ${ORDER_ID}`]]);
    expect(scheduler.pending).toBe(0);
  });

  it('after a cut batch, an empty batch (a report, no document) ends the transaction', async () => {
    const { opener, bursts, scheduler } = await started();
    await opener.current.batch(documents([...PLACE_RISOTTO_ORDER]), 'cut');
    await scheduler.runNext();
    expect(bursts).toEqual([]);
    opener.current.heartbeat();
    await settle();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
  });

  it('after a cut batch and no word from the server, the transaction goes out after REST_WAIT_MS', async () => {
    const { opener, bursts, scheduler } = await started();
    await opener.current.batch(documents([...PLACE_RISOTTO_ORDER]), 'cut');
    await scheduler.runNext();
    await scheduler.runNext();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
  });
});

describe('change source: the saved position and transactions', () => {
  it('the saved token is the last delivered document, never one of a transaction still gathering', async () => {
    const { opener, tokens, scheduler } = await started();
    await opener.current.batch(documents(['insertOrder', ...PLACE_RISOTTO_ORDER]));
    await settle();
    expect(tokens.writes).toEqual([tokenOf('insertOrder')]);
    await scheduler.runNext();
    expect(tokens.writes).toEqual([tokenOf('insertOrder'), tokenOf('txnInsertOrder')]);
  });

  it('close() delivers the transaction gathering, then saves its last token', async () => {
    const { opener, tokens, bursts, source } = await started();
    await opener.current.batch(documents(PLACE_RISOTTO_ORDER));
    expect(bursts).toEqual([]);
    await source.close();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
    expect(tokens.writes).toEqual([tokenOf('txnInsertOrder')]);
  });

  it('a failure while a transaction gathers: reopened after the last delivered document, the transaction read again and delivered once', async () => {
    const { opener, tokens, bursts, scheduler, source } = await started();
    // The server's postBatchResumeToken, reported with the last document, lies past the whole transaction.
    await opener.current.batch(documents(['insertOrder', ...PLACE_RISOTTO_ORDER]), { _data: '826B0187D9000000012B0229296E5A1004' });
    await opener.current.fail(new MongoNetworkError('connection reset'));
    await settle();
    expect(lines(bursts)).toEqual([[`orders insert ${ORDER_ID}`]]);
    expect(tokens.writes).toEqual([tokenOf('insertOrder')]);
    expect(scheduler.delays).toEqual([0, CLOSE_GRACE_MS, 250]);
    await scheduler.runNext();
    expect(opener.opened).toEqual([{}, { startAfter: tokenOf('insertOrder') }]);
    // The reopened stream reads on from there: the transaction again, then what came after it.
    await opener.current.batch(documents([...PLACE_RISOTTO_ORDER, 'updateOrderStatus']));
    await source.close();
    expect(lines(bursts)).toEqual([[`orders insert ${ORDER_ID}`], ORDER_PLACED, [`orders update ${ORDER_ID}`]]);
    expect(tokens.writes).toEqual([tokenOf('insertOrder'), tokenOf('txnInsertOrder'), tokenOf('updateOrderStatus')]);
  });

  it('a heartbeat before the transaction is a safe place to reopen from; the transaction’s own tokens are not', async () => {
    const heartbeat = { _data: '826B0187D7000000012B0229296E5A1004' };
    const { opener, scheduler, events } = await started();
    opener.current.heartbeat(heartbeat);
    await opener.current.batch(documents(PLACE_RISOTTO_ORDER));
    await opener.current.fail(new MongoNetworkError('connection reset'));
    await scheduler.runNext();
    expect(events).toEqual([]);
    expect(opener.opened).toEqual([{}, { startAfter: heartbeat }]);
  });

  it('a failure on the first documents of a stream opened from now delivers them (reopening from now would skip them)', async () => {
    const { opener, bursts, scheduler, tokens } = await started();
    await opener.current.batch(documents(PLACE_RISOTTO_ORDER));
    await opener.current.fail(new MongoNetworkError('connection reset'));
    await scheduler.runNext();
    expect(lines(bursts)).toEqual([ORDER_PLACED]);
    expect(opener.opened).toEqual([{}, { startAfter: tokenOf('txnInsertOrder') }]);
    expect(tokens.writes).toEqual([tokenOf('txnInsertOrder')]);
  });
});

describe('change source: transactions and resync', () => {
  it('invalidate after a transaction: the transaction goes out first, then the resync', async () => {
    const log: string[] = [];
    const harness = await started(null, (event) => log.push(`${line(event)} (resyncs so far: ${harness.resyncs.length})`));
    const { opener, resyncs, tokens, scheduler } = harness;
    await opener.current.batch(documents([...PLACE_RISOTTO_ORDER, 'invalidate']));
    await settle();
    expect(log).toEqual(ORDER_PLACED.map((entry) => `${entry} (resyncs so far: 0)`));
    expect(resyncs).toEqual([expect.stringContaining('invalidated')]);
    expect(tokens.token).toBeNull();
    expect(opener.opened).toEqual([{}, {}]);
    expect(scheduler.pending).toBe(0);
  });

  it('a dropped collection after a transaction: the transaction goes out first, then the resync, and the stream goes on', async () => {
    const log: string[] = [];
    const harness = await started(null, (event) => log.push(`${line(event)} (resyncs so far: ${harness.resyncs.length})`));
    await harness.opener.current.batch(documents([...PLACE_RISOTTO_ORDER, 'dropDishes', 'insertOrder']));
    await harness.source.close();
    expect(log).toEqual(
      [...ORDER_PLACED, `orders insert ${ORDER_ID}`].map((entry, index) => `${entry} (resyncs so far: ${index < 3 ? 0 : 1})`),
    );
    expect(harness.resyncs).toEqual(['the dishes collection was dropped']);
    expect(harness.tokens.token).toEqual(tokenOf('insertOrder'));
  });

  it('history lost while a transaction gathers: what was received goes out before the resync, and the stream restarts from now', async () => {
    const log: string[] = [];
    const harness = await started(null, (event) => log.push(`${line(event)} (resyncs so far: ${harness.resyncs.length})`));
    const { opener, resyncs, tokens, scheduler } = harness;
    await opener.current.batch(documents(['insertOrder', ...PLACE_RISOTTO_ORDER]));
    await opener.current.fail(historyLost());
    await scheduler.runNext();
    expect(log).toEqual([`orders insert ${ORDER_ID}`, ...ORDER_PLACED].map((entry) => `${entry} (resyncs so far: 0)`));
    expect(resyncs).toEqual(['the change stream could not resume (ChangeStreamHistoryLost code 286: resume point no longer in the oplog)']);
    expect(tokens.token).toBeNull();
    expect(opener.opened).toEqual([{}, {}]);
  });
});
