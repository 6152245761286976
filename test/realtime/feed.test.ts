import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openMenu, type LiveMenu } from '../../domain/menu/menu.js';
import type { Audience, Envelope } from '../../realtime/events.js';
import { startChangeFeed, type ChangeFeed } from '../../realtime/feed.js';
import { addDish, addIngredient, orderFields, placeOrder } from './fakes/kitchen.js';
import { MemoryStore } from './fakes/memory-store.js';

let store: MemoryStore;
/** The live menu over `store`, opened before the feed (as the server does): the feed reads dishes and stock from it. */
let menu: LiveMenu;
let feed: ChangeFeed;
let sent: { rooms: Audience; envelope: Envelope }[];
/** The size of each batch the feed handed over, in order. */
let batches: number[];
const summary = () => sent.map(({ rooms, envelope }) => [envelope.id, envelope.type, rooms]);

beforeEach(async () => {
  store = new MemoryStore();
  menu = await openMenu(store);
  sent = [];
  batches = [];
  feed = startChangeFeed(store, { batch: (batch) => (batches.push(batch.length), sent.push(...batch)) }, pino({ level: 'silent' }), {
    menu,
  });
});
afterEach(async () => {
  await feed.stop();
  menu.close();
});

describe('change feed', () => {
  it('broadcasts every committed change in commit order, with ids growing by one', async () => {
    const lime = await addIngredient(store, 'Lime', 1);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id] });
    const order = await placeOrder(store, [mojito.id]);
    await feed.stop();
    expect(summary()).toEqual([
      [1, 'ingredient.created', ['menu']],
      [2, 'dish.created', ['menu']],
      [3, 'order.created', ['station:beverages']],
      [4, 'order.created', ['expeditor']],
      [5, 'order.created', ['owner:owner-secret']],
      [6, 'stock.updated', ['menu']],
      [7, 'dish.availability', ['menu', 'station:beverages']],
    ]);
    expect(sent[2]?.envelope.data).toMatchObject({ id: order.id, dishes: [{ id: mojito.id, is_available: false }] });
    expect(sent[5]?.envelope.data).toEqual({ ingredients: [{ id: lime.id, in_stock_qty: 0, updated_at: expect.any(String) }] });
    expect(sent[6]?.envelope.data).toEqual({ id: mojito.id, is_available: false, portions_left: 0 });
    expect(sent.every(({ envelope }) => !Number.isNaN(Date.parse(envelope.at)))).toBe(true);
  });

  it("hands over each commit's envelopes together, its orders first, its stock in one event, ids growing in that order", async () => {
    const lime = await addIngredient(store, 'Lime', 50);
    const mint = await addIngredient(store, 'Mint', 50);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id, mint.id] });
    // Stock taken before the order is written, as a store may commit them: still one transaction.
    const order = await store.transaction(async (session) => {
      await session.collection('ingredients').update(lime.id, { inc: { in_stock_qty: -1 } });
      await session.collection('ingredients').update(mint.id, { inc: { in_stock_qty: -1 } });
      return session.collection('orders').insert(orderFields([mojito.id]));
    });
    await feed.stop();
    expect(batches).toEqual([1, 1, 1, 4]);
    expect(summary().slice(3)).toEqual([
      [4, 'order.created', ['station:beverages']],
      [5, 'order.created', ['expeditor']],
      [6, 'order.created', ['owner:owner-secret']],
      [7, 'stock.updated', ['menu']],
    ]);
    expect(sent[3]?.envelope.data).toMatchObject({ id: order.id });
    expect(sent[6]?.envelope.data).toEqual({
      ingredients: [
        { id: lime.id, in_stock_qty: 49, updated_at: expect.any(String) },
        { id: mint.id, in_stock_qty: 49, updated_at: expect.any(String) },
      ],
    });
  });

  it("puts a commit's kitchen events first, station by station (orders, then counts), then the expeditor's, then the menu's", async () => {
    const lime = await addIngredient(store, 'Lime', 1);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id] });
    const ticket = {
      station: 'beverages' as const,
      status: 'Received' as const,
      fired_at: '2026-11-21T12:00:00.000Z',
      started_at: null,
      ready_at: null,
      bumped_by: null,
    };
    await store.transaction(async (session) => {
      await session.collection('orders').insert({ ...orderFields([mojito.id]), tickets: [ticket] });
      await session.collection('ingredients').update(lime.id, { inc: { in_stock_qty: -1 } });
    });
    await feed.stop();
    expect(
      summary()
        .slice(2)
        .map(([, type, rooms]) => [type, rooms]),
    ).toEqual([
      ['order.created', ['station:beverages']],
      ['station.all_day', ['station:beverages']],
      ['order.created', ['expeditor']],
      ['order.created', ['owner:owner-secret']],
      ['stock.updated', ['menu']],
      ['dish.availability', ['menu', 'station:beverages']],
    ]);
  });

  it('sends one stock.updated for a commit of several orders, each ingredient once with the stock the commit left', async () => {
    const lime = await addIngredient(store, 'Lime', 100);
    const mint = await addIngredient(store, 'Mint', 100);
    const rum = await addIngredient(store, 'Rum', 100);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id, mint.id] });
    const daiquiri = await addDish(store, { name: 'Daiquiri', station: 'beverages', essential: [rum.id, lime.id] });
    // Two orders in one commit, as the embedded store's group commit writes them.
    await store.transaction(async (session) => {
      for (const dish of [mojito, daiquiri]) {
        await session.collection('orders').insert(orderFields([dish.id]));
        for (const { ingredient_id } of dish.ingredients)
          await session.collection('ingredients').update(ingredient_id, { inc: { in_stock_qty: -1 } });
      }
    });
    await feed.stop();
    // Room by room, each room's events in commit order.
    expect(
      summary()
        .slice(5)
        .map(([, type, rooms]) => [type, rooms]),
    ).toEqual([
      ['order.created', ['station:beverages']],
      ['order.created', ['station:beverages']],
      ['order.created', ['expeditor']],
      ['order.created', ['expeditor']],
      ['order.created', ['owner:owner-secret']],
      ['order.created', ['owner:owner-secret']],
      ['stock.updated', ['menu']],
    ]);
    expect(
      sent.filter(({ rooms }) => rooms[0] === 'expeditor').map(({ envelope }) => (envelope.data as { dish_ids: string[] }).dish_ids),
    ).toEqual([[mojito.id], [daiquiri.id]]);
    const stock = sent.filter(({ envelope }) => envelope.type === 'stock.updated');
    expect(stock.map(({ rooms, envelope }) => [rooms, envelope.data])).toEqual([
      [
        ['menu'],
        {
          ingredients: [
            { id: lime.id, in_stock_qty: 98, updated_at: expect.any(String) },
            { id: mint.id, in_stock_qty: 99, updated_at: expect.any(String) },
            { id: rum.id, in_stock_qty: 99, updated_at: expect.any(String) },
          ],
        },
      ],
    ]);
    expect(sent.filter(({ envelope }) => envelope.type.startsWith('ingredient.')).map(({ envelope }) => envelope.type)).toEqual([
      'ingredient.created',
      'ingredient.created',
      'ingredient.created',
    ]);
  });

  it('still broadcasts envelope by envelope to a plain broadcast function', async () => {
    const one: [Audience, Envelope][] = [];
    await feed.stop();
    feed = startChangeFeed(store, (rooms, envelope) => one.push([rooms, envelope]), pino({ level: 'silent' }), { menu });
    const lime = await addIngredient(store, 'Lime', 1);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id] });
    await placeOrder(store, [mojito.id]);
    await feed.stop();
    expect(one.map(([rooms, envelope]) => [envelope.id, envelope.type, rooms])).toEqual([
      [1, 'ingredient.created', ['menu']],
      [2, 'dish.created', ['menu']],
      [3, 'order.created', ['station:beverages']],
      [4, 'order.created', ['expeditor']],
      [5, 'order.created', ['owner:owner-secret']],
      [6, 'stock.updated', ['menu']],
      [7, 'dish.availability', ['menu', 'station:beverages']],
    ]);
  });

  it('flips a dish once for a transaction that empties two of its essentials', async () => {
    const rum = await addIngredient(store, 'Rum', 1);
    const mint = await addIngredient(store, 'Mint', 1);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [rum.id, mint.id] });
    await placeOrder(store, [mojito.id]);
    await feed.stop();
    expect(sent.filter(({ envelope }) => envelope.type === 'dish.availability').map(({ envelope }) => envelope.data)).toEqual([
      { id: mojito.id, is_available: false, portions_left: 0 },
    ]);
  });

  it('never broadcasts users or refresh tokens', async () => {
    await store.collection('users').insert({ user_name: 'al', email: 'al@example.com', role: 'chef', password_hash: '$2b$secret' });
    await feed.stop();
    expect(sent).toEqual([]);
  });

  it('routes nothing while no client could hear it, and counts what it did not route once one can', async () => {
    await feed.stop();
    let audible = false;
    feed = startChangeFeed(store, { batch: (batch) => void sent.push(...batch), audience: () => audible }, pino({ level: 'silent' }), {
      menu,
    });
    const lime = await addIngredient(store, 'Lime', 10);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id] });
    const ticket = {
      station: 'beverages' as const,
      status: 'Received' as const,
      fired_at: '2026-11-21T12:00:00.000Z',
      started_at: null,
      ready_at: null,
      bumped_by: null,
    };
    // Each order once the feed has handled it (it reads the store as it goes).
    const order = async () => {
      const placed = await store.collection('orders').insert({ ...orderFields([mojito.id]), tickets: [ticket] });
      await new Promise((resolve) => setImmediate(resolve));
      return placed;
    };
    // Heard once (its counts are then kept), then two orders nobody hears, then one somebody does.
    audible = true;
    await order();
    audible = false;
    await order();
    await order();
    store.signalResync('change stream lost');
    audible = true;
    const last = await order();
    await feed.stop();
    const mojitos = (quantity: number) => ({
      station: 'beverages',
      items: [{ dish_id: mojito.id, name: 'Mojito', quantity }],
      upcoming: [],
    });
    expect(sent.map(({ envelope }) => [envelope.id, envelope.type])).toEqual([
      [1, 'order.created'],
      [2, 'station.all_day'],
      [3, 'order.created'],
      [4, 'order.created'],
      [5, 'order.created'],
      [6, 'station.all_day'],
      [7, 'order.created'],
      [8, 'order.created'],
    ]);
    expect(sent[4]?.envelope.data).toMatchObject({ id: last.id });
    expect([sent[1]?.envelope.data, sent[5]?.envelope.data]).toEqual([mojitos(1), mojitos(4)]);
  });

  it('passes a store resync on to everyone', async () => {
    store.signalResync('change stream lost');
    await feed.stop();
    expect(sent.map(({ rooms, envelope }) => [rooms, envelope.type, envelope.data])).toEqual([
      ['everyone', 'resync', { reason: 'change stream lost' }],
    ]);
  });

  it('asks everyone to resync for a deletion that came without the deleted document', async () => {
    store.emitChange({ collection: 'orders', operation: 'delete', id: 'f'.repeat(24), before: null, after: null });
    store.emitChange({ collection: 'users', operation: 'delete', id: 'e'.repeat(24), before: null, after: null });
    await feed.stop();
    expect(sent.map(({ rooms, envelope }) => [rooms, envelope.type, envelope.data])).toEqual([
      ['everyone', 'resync', { reason: 'Something was deleted that could not be routed.' }],
    ]);
  });

  it('asks everyone to resync when a change cannot be routed, and goes on', async () => {
    const lime = await addIngredient(store, 'Lime', 1);
    const mojito = await addDish(store, { name: 'Mojito', station: 'beverages', essential: [lime.id] });
    // Routing the order reads its dishes from the kitchen view, which fails here.
    Object.defineProperty(menu, 'current', {
      configurable: true,
      get: () => {
        throw new Error('menu lost');
      },
    });
    await placeOrder(store, [mojito.id]);
    await feed.stop();
    delete (menu as { current?: unknown }).current;
    expect(sent.slice(2).map(({ rooms, envelope }) => [rooms, envelope.type, envelope.data])).toEqual([
      ['everyone', 'resync', { reason: 'A change could not be delivered.' }],
    ]);
  });
});
