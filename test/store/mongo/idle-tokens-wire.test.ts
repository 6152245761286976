// An idle instance over the real driver: the server answers each getMore with an empty batch and a
// post-batch token about once a second. The saved position is written once per minute at most, and
// not at all while the token does not move; an event's token is still written at once.
import { expect, it } from 'vitest';
import { recorded } from '../fixtures/change-events.js';
import { firstBatch, nextBatch, token } from './wire/replies.js';
import { scriptTokenCollection, tokenWrites, until } from './wire/store-over-peer.js';
import { useWireStream } from './wire/stream-kit.js';

const w = useWireStream();

it('30 empty batches with the same token, then 30 with new ones a second apart: two token writes; an event: one more, at once', async () => {
  scriptTokenCollection(w.peer, null);
  w.peer.reply('aggregate', firstBatch(token(10)));
  const { events } = await w.open();
  const answered = () => w.peer.commands('getMore').length;
  // The same token: the stream has not moved. Each answer comes when the driver asks again.
  for (let n = 0; n < 30; n += 1) {
    await until('the driver asks for its next batch', () => w.peer.pending('getMore') === 1);
    w.peer.reply('getMore', nextBatch(token(10)));
    await until('the batch is read', () => answered() === n + 2);
  }
  for (let n = 11; n <= 40; n += 1) {
    await until('the driver asks for its next batch', () => w.peer.pending('getMore') === 1);
    w.clock.now += 1_000;
    w.peer.reply('getMore', nextBatch(token(n)));
    await until('the batch is read', () => w.peer.pending('getMore') === 1 && answered() === n + 21);
  }
  expect(tokenWrites(w.peer)).toEqual([token(10)]);
  w.clock.now += 60_000;
  w.peer.reply('getMore', nextBatch(token(41)));
  await until('the next heartbeat is saved', () => tokenWrites(w.peer).length === 2);
  await until('the driver asks for its next batch', () => w.peer.pending('getMore') === 1);
  w.peer.reply('getMore', nextBatch(token(42), [recorded('insertOrder')]));
  await until('the event is delivered and its token saved', () => events.length === 1 && tokenWrites(w.peer).length === 3);
  expect(tokenWrites(w.peer)).toEqual([token(10), token(40), recorded('insertOrder')._id]);
});
