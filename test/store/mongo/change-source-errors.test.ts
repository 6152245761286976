// The change source when things go wrong: reopening with capped backoff after resumable errors,
// and restarting from now with a resync signal when the stream position is lost.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, ChangeSource } from '../../../store/mongo/change-source.js';
import { recorded } from '../fixtures/change-events.js';
import { FakeOpener, ManualScheduler, MemoryTokenStore, settle, startedSource as started } from '../fixtures/change-events-harness.js';

const { MongoNetworkError, MongoServerError } = mongoose.mongo;
const tokenOf = (name: Parameters<typeof recorded>[0]) => recorded(name)._id;

const historyLost = () =>
  new MongoServerError({
    message: 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    code: 286,
    codeName: 'ChangeStreamHistoryLost',
    errorLabels: ['NonResumableChangeStreamError'],
  });

describe('change source: errors, reopening and resync', () => {
  it('a network error reopens after the backoff, after the last delivered event, without a resync', async () => {
    const { opener, scheduler, resyncs, tokens } = await started();
    opener.current.push(recorded('insertOrder'));
    await opener.current.fail(new MongoNetworkError('connection 3 to db:27017 closed'));
    await settle();
    // The close came first: a grace check was set, then cancelled by the error that followed.
    expect(scheduler.delays).toEqual([CLOSE_GRACE_MS, 250]);
    await scheduler.runNext();
    expect(opener.opened).toEqual([{}, { startAfter: tokenOf('insertOrder') }]);
    expect(resyncs).toEqual([]);
    expect(tokens.writes).not.toContain('cleared');
  });

  it('a resumable server error (ResumableChangeStreamError label) is reopened the same way', async () => {
    const { opener, scheduler, resyncs } = await started();
    opener.current.push(recorded('updateStockInTransaction'));
    const error = new MongoServerError({
      message: 'operation was interrupted',
      code: 11602,
      codeName: 'InterruptedDueToReplStateChange',
      errorLabels: ['ResumableChangeStreamError'],
    });
    await opener.current.fail(error);
    await scheduler.runNext();
    expect(opener.opened.at(-1)).toEqual({ startAfter: tokenOf('updateStockInTransaction') });
    expect(resyncs).toEqual([]);
  });

  it('the error and the close that follows it schedule one reopen, not two', async () => {
    const { opener, scheduler } = await started();
    await opener.current.fail(new MongoNetworkError('socket hang up'));
    await settle();
    expect(scheduler.pending).toBe(1);
    expect(opener.streams[0]?.listenerCount('change')).toBe(0);
  });

  it('reopen delays double up to the cap and start again after the stream is back', async () => {
    const { opener, scheduler } = await started();
    await opener.current.fail(new MongoNetworkError('down'));
    opener.failNext(...Array.from({ length: 6 }, () => new MongoNetworkError('still down')));
    for (let attempt = 0; attempt < 7; attempt += 1) await scheduler.runNext();
    expect(scheduler.delays).toEqual([CLOSE_GRACE_MS, 250, 500, 1_000, 2_000, 4_000, 4_000, 4_000]);
    opener.current.heartbeat();
    await opener.current.fail(new MongoNetworkError('down again'));
    await settle();
    expect(scheduler.delays.at(-1)).toBe(250);
  });

  it('history lost (code 286) clears the saved token, signals a resync and restarts from now', async () => {
    const { opener, scheduler, resyncs, tokens } = await started(tokenOf('insertOrder'));
    await opener.current.fail(historyLost());
    await scheduler.runNext();
    expect(resyncs).toEqual([
      'the change stream could not resume (ChangeStreamHistoryLost code 286: Resume of change stream was ' +
        'not possible, as the resume point may no longer be in the oplog.)',
    ]);
    expect(tokens.writes).toEqual(['cleared']);
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }, {}]);
  });

  it('an opener that fails (the hello before a stream from now; db.watch itself never rejects) is retried after the backoff', async () => {
    const opener = new FakeOpener();
    opener.failNext(new MongoNetworkError('connect ECONNREFUSED 10.0.0.3:27017'));
    const resyncs: string[] = [];
    const scheduler = new ManualScheduler();
    const source = new ChangeSource({
      open: opener.open,
      tokens: new MemoryTokenStore(),
      deliver: () => undefined,
      resync: (reason) => resyncs.push(reason),
      schedule: scheduler.schedule,
    });
    await source.start();
    expect(scheduler.delays).toEqual([250]);
    await scheduler.runNext();
    expect(opener.opened).toEqual([{}, {}]);
    expect(opener.streams).toHaveLength(1);
    expect(resyncs).toEqual([]);
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

  it("a close before the cursor's buffered invalidate waits for it: resync and a new stream from now, no backoff", async () => {
    const { opener, scheduler, resyncs } = await started(tokenOf('insertOrder'));
    opener.current.last(recorded('invalidate'));
    await settle();
    expect(resyncs).toEqual([expect.stringContaining('invalidated')]);
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }, {}]);
    expect(scheduler.pending).toBe(0);
  });

  it('a close with no error after it reopens once the grace period shows the stream really ended', async () => {
    const { opener, scheduler, resyncs } = await started(tokenOf('insertOrder'));
    opener.current.last();
    await scheduler.runNext();
    expect(scheduler.delays).toEqual([CLOSE_GRACE_MS, 250]);
    await scheduler.runNext();
    expect(opener.opened).toEqual([{ startAfter: tokenOf('insertOrder') }, { startAfter: tokenOf('insertOrder') }]);
    expect(resyncs).toEqual([]);
  });

  it('a close after which the driver resumed by itself (the stream is open again) is not a failure', async () => {
    const { opener, scheduler } = await started();
    opener.current.emit('close');
    await scheduler.runNext();
    opener.current.push(recorded('insertOrder'));
    expect(opener.opened).toEqual([{}]);
    expect(scheduler.pending).toBe(0);
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
