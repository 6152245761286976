// The embedded store's change events are built from the documents in hand, not re-read: they must
// still be exactly what is stored, and no listener may change what the caller or another listener holds.
import { beforeEach, expect, it } from 'vitest';
import type { IngredientDoc } from '../../../models/ingredient.js';
import type { ChangeEvent, Store } from '../../../store/types.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-events-');
let store: Store;
let listenerErrors: unknown[];

beforeEach(() => {
  listenerErrors = [];
  store = open({ onListenerError: (error) => listenerErrors.push(error) }).store;
});

const record = () => {
  const events: ChangeEvent[] = [];
  store.onChange((event) => events.push(event));
  return events;
};

it('gives every event the documents exactly as stored before and after, for every kind of write', async () => {
  const ingredients = store.collection('ingredients');
  const orders = store.collection('orders');
  const events = record();
  const stored: unknown[] = [];
  const keep = async (id: string) => stored.push(await ingredients.get(id));

  // An undefined property and a Date: JSON drops the one and turns the other into text.
  const flour = await ingredients.insert({
    name: 'Flour',
    in_stock_qty: 2,
    price: 0.1,
    note: undefined,
    checked: new Date('2026-01-02T03:04:05.000Z'),
  } as never);
  await keep(flour.id);
  await ingredients.update(flour.id, { inc: { in_stock_qty: 0.2, price: 0.2 } });
  await keep(flour.id);
  await ingredients.updateEach([
    { id: flour.id, update: { inc: { in_stock_qty: -1 } }, if: [{ field: 'in_stock_qty', op: 'gte', value: 1 }] },
    { id: flour.id, update: { inc: { in_stock_qty: -5 } }, if: [{ field: 'in_stock_qty', op: 'gte', value: 5 }] },
    { id: flour.id, update: { set: { name: 'Rye' } } },
  ]);
  await keep(flour.id);
  await ingredients.replace(flour.id, { name: 'Spelt', in_stock_qty: -0, price: 3 });
  await keep(flour.id);
  await ingredients.updateMany([{ field: 'name', op: 'eq', value: 'Spelt' }], { set: { price: 4 } });
  await keep(flour.id);
  await ingredients.delete(flour.id);
  const order = await orders.insert({
    name: 'Ann',
    dish_ids: ['5f0000000000000000000001'],
    table_number: null,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status: 'Received',
    fire_at: null,
    owner_id: '5f0000000000000000000002',
    stock_taken: [{ ingredient_id: flour.id, units: 1 }],
    tickets: [
      { station: 'hot', status: 'Received', fired_at: '2026-01-02T03:04:05.000Z', started_at: null, ready_at: null, bumped_by: null },
    ],
    ready_at: null,
    closed_at: null,
    pacing: 'at_once' as const,
  });
  const orderStored = await orders.get(order.id);

  expect(stored[0]).toStrictEqual({
    id: flour.id,
    created_at: flour.created_at,
    updated_at: flour.created_at,
    name: 'Flour',
    in_stock_qty: 2,
    price: 0.1,
    checked: '2026-01-02T03:04:05.000Z',
  });
  expect(stored[1]).toMatchObject({ in_stock_qty: 2.2, price: 0.30000000000000004 });
  expect(
    events.map((event) => [
      event.operation,
      (event.before as IngredientDoc | null)?.in_stock_qty,
      (event.after as IngredientDoc | null)?.in_stock_qty,
    ]),
  ).toEqual([
    ['insert', undefined, 2],
    ['update', 2, 2.2],
    ['update', 2.2, 1.2000000000000002],
    ['update', 1.2000000000000002, 1.2000000000000002],
    ['update', 1.2000000000000002, 0],
    ['update', 0, 0],
    ['delete', 0, undefined],
    ['insert', undefined, undefined],
  ]);
  // Deep and strict: -0 stored as 0, no undefined property, the Date as its text.
  const [inserted, updated, taken, renamed, replaced, repriced, deleted, placed] = events;
  expect(inserted?.after).toStrictEqual(stored[0]);
  expect(updated?.before).toStrictEqual(stored[0]);
  expect(updated?.after).toStrictEqual(stored[1]);
  expect(taken?.before).toStrictEqual(stored[1]);
  expect(renamed?.after).toStrictEqual(stored[2]);
  expect(replaced?.before).toStrictEqual(stored[2]);
  expect(replaced?.after).toStrictEqual(stored[3]);
  expect(repriced?.before).toStrictEqual(stored[3]);
  expect(repriced?.after).toStrictEqual(stored[4]);
  expect(deleted?.before).toStrictEqual(stored[4]);
  expect(placed?.after).toStrictEqual(orderStored);
  expect(order).toStrictEqual(orderStored);
});

it('keeps a listener that edits an event from changing what the caller holds or what another listener sees', async () => {
  const ingredients = store.collection('ingredients');
  const seen: ChangeEvent[] = [];
  const snapshots: string[] = [];
  store.onChange((event) => {
    const after = event.after as unknown as Record<string, unknown>;
    after.name = 'Vandal';
    (after.tags as string[]).push('vandal');
  });
  store.onChange((event) => {
    seen.push(event);
    snapshots.push(JSON.stringify(event.after));
  });
  const flour = await ingredients.insert({ name: 'Flour', in_stock_qty: 2, price: 1, tags: ['dry'] } as never);
  const updated = await ingredients.update(flour.id, { inc: { in_stock_qty: -1 } });
  await ingredients.updateEach([{ id: flour.id, update: { inc: { in_stock_qty: -1 } } }]);

  expect(flour).toMatchObject({ name: 'Flour', tags: ['dry'] });
  expect(updated).toMatchObject({ name: 'Flour', in_stock_qty: 1, tags: ['dry'] });
  expect(seen.map((event) => event.after)).toMatchObject([
    { name: 'Flour', tags: ['dry'] },
    { name: 'Flour', in_stock_qty: 1 },
    { name: 'Flour', in_stock_qty: 0 },
  ]);
  expect(seen.map((event) => JSON.stringify(event.after))).toEqual(snapshots);
  expect(await ingredients.get(flour.id)).toMatchObject({ name: 'Flour', in_stock_qty: 0, tags: ['dry'] });
  // The edits were refused (the documents are frozen) and reported as the listener's failures.
  expect(listenerErrors).toHaveLength(3);
  expect(listenerErrors.every((error) => error instanceof TypeError)).toBe(true);
});

it('keeps a caller that edits its result from changing what listeners were given', async () => {
  const events = record();
  const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 2, price: 1 });
  expect(() => {
    (flour as { name: string }).name = 'Changed';
  }).toThrow(TypeError);
  expect(events[0]?.after).toMatchObject({ name: 'Flour' });
});
