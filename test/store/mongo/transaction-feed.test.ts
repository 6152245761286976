// A recorded multi-document transaction through the MongoDB store's change stream into the realtime
// feed: it reaches the feed as one commit, so a dish's availability is judged once for all of it.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../realtime/events.js';
import { openMenu } from '../../../domain/menu/menu.js';
import { startChangeFeed } from '../../../realtime/feed.js';
import type { Store } from '../../../store/types.js';
import { MemoryStore } from '../../realtime/fakes/memory-store.js';
import { settle } from '../fixtures/change-events-harness.js';
import {
  PLACE_RISOTTO_ORDER,
  RICE_ID,
  RISOTTO_ID,
  RISOTTO_ORDER_ID,
  SAFFRON_ID,
  STOCK_COUNT,
  recorded,
  type RecordedName,
} from '../fixtures/change-events.js';
import { streamFedStore, type StreamFedStore } from '../fixtures/two-stores.js';

const opened: StreamFedStore[] = [];
afterEach(async () => {
  for (const { store } of opened.splice(0)) await store.close();
});

/** The database as the transaction left it; risotto needs both rice and saffron. */
async function kitchenAfter(stock: { rice: number; saffron: number }): Promise<MemoryStore> {
  const data = new MemoryStore();
  await data.collection('ingredients').insert({ id: RICE_ID, name: 'Arborio rice', in_stock_qty: stock.rice, price: 0.35 });
  await data.collection('ingredients').insert({ id: SAFFRON_ID, name: 'Saffron', in_stock_qty: stock.saffron, price: 1.2 });
  await data.collection('dishes').insert({
    id: RISOTTO_ID,
    name: 'Risotto alla Milanese',
    description: 'Saffron risotto',
    category: 'Main Course',
    image_name: 'risotto',
    preparation_time: 18,
    price: 15.5,
    station: 'hot',
    ingredients: [
      { ingredient_id: RICE_ID, is_essential: true },
      { ingredient_id: SAFFRON_ID, is_essential: true },
    ],
  });
  return data;
}

/** Replays one transaction, handed out as the driver does, and returns what the feed broadcast. */
async function broadcastOf(transaction: readonly RecordedName[], data: MemoryStore): Promise<Envelope[]> {
  const fed = await streamFedStore();
  opened.push(fed);
  // Changes from the MongoStore's stream; the documents read for routing from the in-memory copy.
  const store: Store = {
    kind: 'mongodb',
    collection: (name) => data.collection(name),
    transaction: (work) => data.transaction(work),
    onChange: (listener) => fed.store.onChange(listener),
    onResync: (listener) => fed.store.onResync(listener),
    // The documents are all there before the stream replays: nothing to wait for.
    settled: () => Promise.resolve(),
    ping: () => Promise.resolve(),
    close: () => fed.store.close(),
  };
  const sent: Envelope[] = [];
  const menu = await openMenu(store);
  const feed = startChangeFeed(store, (_rooms, envelope) => sent.push(envelope), pino({ level: 'silent' }), { menu });
  await fed.opener.current.batch(transaction.map(recorded));
  // The stream goes quiet: the 0 ms timer hands the transaction on.
  await settle();
  await feed.stop();
  menu.close();
  return sent;
}

/** `type id`; a stock.updated names every ingredient it lists. */
const summary = (envelopes: readonly Envelope[]) =>
  envelopes.map(
    (e) =>
      `${e.type} ${e.type === 'stock.updated' ? e.data.ingredients.map((level) => level.id).join() : ((e.data as { id?: string }).id ?? '')}`,
  );
const flips = (envelopes: readonly Envelope[]) => envelopes.filter((e) => e.type === 'dish.availability').map((e) => e.data);

describe('a MongoDB transaction through the realtime feed', () => {
  it('an order that empties both essentials of the risotto flips it once, after both stock changes', async () => {
    const sent = await broadcastOf(PLACE_RISOTTO_ORDER, await kitchenAfter({ rice: 0, saffron: 0 }));
    expect(flips(sent)).toEqual([{ id: RISOTTO_ID, is_available: false, portions_left: 0 }]);
    // The transaction's order leads (its station, the expeditor and its owner's my-orders), then
    // its stock in one event (the change documents of one transaction, grouped by lsid and
    // txnNumber), then the flip.
    expect(summary(sent)).toEqual([
      `order.created ${RISOTTO_ORDER_ID}`,
      `order.created ${RISOTTO_ORDER_ID}`,
      `order.created ${RISOTTO_ORDER_ID}`,
      `stock.updated ${RICE_ID},${SAFFRON_ID}`,
      `dish.availability ${RISOTTO_ID}`,
    ]);
  });

  it('a stock count that restocks saffron and writes the rice off leaves the risotto unavailable: no flip, not two', async () => {
    // Delivered one document at a time, the feed would see saffron arrive first (available) and the rice go next (not).
    const sent = await broadcastOf(STOCK_COUNT, await kitchenAfter({ rice: 0, saffron: 5 }));
    expect(summary(sent)).toEqual([`stock.updated ${SAFFRON_ID},${RICE_ID}`]);
    expect(sent[0]?.data).toEqual({
      ingredients: [
        expect.objectContaining({ id: SAFFRON_ID, in_stock_qty: 5 }),
        expect.objectContaining({ id: RICE_ID, in_stock_qty: 0 }),
      ],
    });
  });
});
