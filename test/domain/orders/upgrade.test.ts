// Orders stored before tickets existed get them at the next start, once: a second start reads and
// writes nothing, and a new order placed meanwhile is left alone.
import { describe, expect } from 'vitest';
import type { OrderDoc } from '../../../models/order.js';
import type { ChangeEvent, NewDoc } from '../../../store/types.js';
import { upgradeStoredData } from '../../../domain/orders/upgrades.js';
import { it } from '../../helpers/fixtures.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-upgrade-');

const dish = (name: string, station: 'cold' | 'hot' | 'beverages') => ({
  name,
  description: 'A dish.',
  category: 'Main Course' as const,
  image_name: 'dish',
  ingredients: [],
  preparation_time: 10,
  price: 9,
  station,
});

/** An order as the release before tickets stored it. */
function legacy(dishIds: string[], status: OrderDoc['status'], fire_at: string | null = null) {
  return {
    name: 'Old',
    dish_ids: dishIds,
    table_number: 1,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status,
    fire_at,
    owner_id: '5f0000000000000000000001',
    stock_taken: [],
  } as unknown as NewDoc<OrderDoc>;
}

describe('upgrading orders stored without tickets', () => {
  it('gives each its tickets from its status, at the next start, and only once', async ({ startApp }) => {
    const { dataDir, store: old } = open();
    const [soup, salad, tea] = [
      await old.collection('dishes').insert(dish('Soup', 'hot')),
      await old.collection('dishes').insert(dish('Salad', 'cold')),
      await old.collection('dishes').insert(dish('Tea', 'beverages')),
    ];
    const orders = old.collection('orders');
    const received = await orders.insert(legacy([soup.id, salad.id], 'Received'));
    const cooking = await orders.insert(legacy([tea.id, soup.id], 'In Progress'));
    const done = await orders.insert(legacy([soup.id], 'Ready for Pickup'));
    const draft = await orders.insert(legacy([salad.id], 'Draft', '2099-01-01T10:00:00.000Z'));
    const gone = await orders.insert(legacy(['5f00000000000000000000ff'], 'On the Way'));
    await old.close();

    const t = await startApp({ dataDir, withoutUsers: true });
    const read = async (id: string) => (await t.store.collection('orders').get(id))!;
    // Both upgrades ran: tickets from the status (order-tickets), then course 1 and fire_at (order-pacing).
    const ticket = (station: string, status: string, fired_at: string | null, fire_at = fired_at) => ({
      station,
      status,
      fired_at,
      started_at: null,
      ready_at: null,
      bumped_by: null,
      course: 1,
      fire_at,
      changes: [],
      // The order-items upgrade lists each ticket's items.
      round: 1,
      items: expect.any(Array),
    });
    expect((await read(received.id)).tickets).toEqual([
      ticket('cold', 'Received', received.created_at),
      ticket('hot', 'Received', received.created_at),
    ]);
    expect((await read(cooking.id)).tickets).toEqual([
      ticket('hot', 'In Progress', cooking.created_at),
      ticket('beverages', 'In Progress', cooking.created_at),
    ]);
    expect((await read(done.id)).tickets).toEqual([ticket('hot', 'Ready', done.created_at)]);
    expect((await read(draft.id)).tickets).toEqual([ticket('cold', 'Draft', null, '2099-01-01T10:00:00.000Z')]);
    expect(await read(draft.id)).toMatchObject({ pacing: 'at_once', course_gap_minutes: null, next_fire_at: '2099-01-01T10:00:00.000Z' });
    expect(await read(gone.id)).toMatchObject({ tickets: [], ready_at: null, closed_at: null });
    expect((await read(received.id)).status).toBe('Received');
    await t.close(); // before the store is opened again on its directory

    const again = open({ dataDir }).store;
    const events: ChangeEvent[] = [];
    again.onChange((event) => events.push(event));
    expect(await upgradeStoredData(again)).toEqual({});
    expect(events).toEqual([]);
  });

  it('leaves orders that have tickets as they are', async ({ startApp }) => {
    const t = await startApp();
    const store = t.store;
    await store.collection('upgrades').delete((await store.collection('upgrades').find([]))[0]!.id);
    const soup = await store.collection('dishes').insert(dish('Soup', 'hot'));
    const current = await store.collection('orders').insert({
      ...(legacy([soup.id], 'Received') as object),
      tickets: [],
      ready_at: null,
      closed_at: null,
    } as unknown as NewDoc<OrderDoc>);
    expect(await upgradeStoredData(store)).toEqual({ 'order-tickets': 0 });
    expect(await store.collection('orders').get(current.id)).toEqual(current);
  });
});
