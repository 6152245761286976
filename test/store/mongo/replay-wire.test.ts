// A restarted instance resumes its change stream from its saved token and receives the writes made
// while it was down. Its screens load after those writes, so they are not pushed as live changes:
// the store marks every event committed before it opened `replayed` (views kept in memory still
// apply them), and the realtime feed routes none of them. Writes after the start go out as usual.
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { openMenu } from '../../../domain/menu/menu.js';
import { startChangeFeed } from '../../../realtime/feed.js';
import type { Envelope } from '../../../realtime/events.js';
import { recorded } from '../fixtures/change-events.js';
import { firstBatch, nextBatch, token } from './wire/replies.js';
import { scriptTokenCollection, until } from './wire/store-over-peer.js';
import { useWireStream } from './wire/stream-kit.js';

const w = useWireStream();
/** The cluster's last write when the instance started: between the recorded insert (…401) and update (…405). */
const STARTED_AT = { t: 1_795_262_403, i: 0 };

it('events committed before the store opened arrive marked replayed, and only the later ones are pushed to screens', async () => {
  scriptTokenCollection(w.peer, token(1));
  w.peer.reply('aggregate', firstBatch(token(2)));
  const { store, events } = await w.open({ startTime: async () => STARTED_AT });
  const sent: Envelope[] = [];
  const menu = await openMenu(store);
  const feed = startChangeFeed(store, (_rooms, envelope) => void sent.push(envelope), pino({ level: 'silent' }), { menu });
  try {
    await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
    w.peer.reply('getMore', nextBatch(token(3), [recorded('insertOrder')]));
    await until('the insert made during the downtime is delivered', () => events.length === 1);
    await until('the driver waits on its getMore', () => w.peer.pending('getMore') === 1);
    w.peer.reply('getMore', nextBatch(token(4), [recorded('updateOrderStatus')]));
    await until('the update made after the start is delivered and pushed', () => events.length === 2 && sent.length > 0);
    expect(events.map((event) => [event.operation, event.replayed ?? false])).toEqual([
      ['insert', true],
      ['update', false],
    ]);
    expect([...new Set(sent.map((envelope) => envelope.type))]).toEqual(['order.updated']);
  } finally {
    await feed.stop();
    menu.close();
  }
});
