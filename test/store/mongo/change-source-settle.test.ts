// How far the change source has delivered, for store.settled(): the cluster time of the last
// document handed on, or of an empty batch's postBatchResumeToken (everything scanned before it was
// handed on), never a point inside a transaction still gathering. Readers waiting for a time go on
// once it is passed, fail when it is not passed in time, and fail when the source closes.
import { describe, expect, it } from 'vitest';
import { SettlePoint, tokenTime, type ClusterTime } from '../../../store/mongo/settle-point.js';
import { PLACE_RISOTTO_ORDER, recorded } from '../fixtures/change-events.js';
import { ManualScheduler, settle, startedSource as started } from '../fixtures/change-events-harness.js';

const hex = (n: number) => n.toString(16).padStart(8, '0').toUpperCase();
const tokenAt = ({ t, i }: ClusterTime) => ({ _data: `82${hex(t)}${hex(i)}2B0429296E1404` });
const timeOf = (name: Parameters<typeof recorded>[0]) => tokenTime(recorded(name)._id)!;
const late = () => new Error('too late');

/** The promise's outcome so far: 'pending', 'resolved' or the rejection's message. */
function outcome(promise: Promise<unknown>): () => string {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    (error: Error) => (state = error.message),
  );
  return () => state;
}

describe('change source: the settle point', () => {
  it("moves to a delivered document's cluster time once its listeners have run", async () => {
    const { source, opener, events } = await started();
    const reached = source.settle.reached(timeOf('insertOrder'), 1_000, late).then(() => events.length);
    opener.current.push(recorded('insertOrder'));
    expect(await reached).toBe(1);
    expect(source.settle.current).toEqual(timeOf('insertOrder'));
  });

  it("moves to an empty batch's token, and not for a token before the time waited for", async () => {
    const { source, opener } = await started();
    const target = { t: 1_795_262_430, i: 4 };
    const state = outcome(source.settle.reached(target, 1_000, late));
    opener.current.heartbeat(tokenAt({ t: 1_795_262_430, i: 3 }));
    await settle();
    expect(state()).toBe('pending');
    opener.current.heartbeat(tokenAt(target));
    await settle();
    expect(state()).toBe('resolved');
  });

  it("moves past a batch's last document to the batch's postBatchResumeToken once the document is handed on", async () => {
    const { source, opener, events } = await started();
    const scanned = { t: 1_795_262_402, i: 6 };
    const reached = source.settle.reached(scanned, 1_000, late).then(() => events.length);
    await opener.current.batch([recorded('insertOrder')], tokenAt(scanned));
    expect(await reached).toBe(1);
    expect(source.settle.current).toEqual(scanned);
  });

  it("does not move for a document's own report: only once the document is handed on", async () => {
    const { source, opener, events } = await started();
    const reached = source.settle.reached(timeOf('updateOrderStatus'), 1_000, late).then(() => events.length);
    await opener.current.batch([recorded('insertOrder'), recorded('updateOrderStatus')]);
    expect(await reached).toBe(2);
  });

  it('does not pass a transaction still gathering after a batch cut inside it: only once it goes out whole', async () => {
    const { source, opener, events, scheduler } = await started();
    const [first, second, third] = PLACE_RISOTTO_ORDER;
    await opener.current.batch([recorded(first), recorded(second)], 'cut');
    await scheduler.runNext();
    const state = outcome(source.settle.reached(timeOf(first), 1_000, late));
    await settle();
    expect([state(), events.length]).toEqual(['pending', 0]);
    await opener.current.batch([recorded(third), recorded('updateOrderStatus')]);
    await settle();
    expect([state(), events.length]).toEqual(['resolved', 4]);
  });

  it('fails the readers still waiting when the source closes', async () => {
    const { source } = await started();
    const state = outcome(source.settle.reached({ t: 1_795_262_430, i: 1 }, 1_000, late));
    await source.close();
    expect(state()).toBe('the change stream is closed');
  });
});

describe('settle point', () => {
  it('fails a reader whose time is not passed within its timeout, and forgets it', async () => {
    const scheduler = new ManualScheduler();
    const point = new SettlePoint(scheduler.schedule);
    const state = outcome(point.reached({ t: 10, i: 2 }, 500, late));
    expect(scheduler.delays).toEqual([500]);
    await scheduler.runNext();
    expect(state()).toBe('too late');
    point.advance({ t: 10, i: 2 });
    expect(point.current).toEqual({ t: 10, i: 2 });
  });

  it('answers at once for a time already passed, and never moves back', async () => {
    const scheduler = new ManualScheduler();
    const point = new SettlePoint(scheduler.schedule);
    point.advance({ t: 10, i: 2 });
    point.advance({ t: 9, i: 7 });
    point.advance(null);
    expect(point.current).toEqual({ t: 10, i: 2 });
    await expect(point.reached({ t: 10, i: 1 }, 500, late)).resolves.toBeUndefined();
    expect(scheduler.delays).toEqual([]);
  });
});
