// Mass assignment: no write accepts a property the service owns (ids, timestamps, derived fields,
// the owner, the password hash); the 400 names it and nothing is stored.
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { fileScene, it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import type { Role } from '../../../models/user.js';
import { expectProblemStatus, snapshot } from './support.js';

const SERVICE_OWNED = ['id', 'created_at', 'updated_at', 'is_available', 'fire_at', 'owner_id', 'password_hash'] as const;
const VALUES: Record<(typeof SERVICE_OWNED)[number], unknown> = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
  is_available: true,
  fire_at: null,
  owner_id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  password_hash: '$2b$04$abcdefghijklmnopqrstuuFakeFakeFakeFakeFakeFakeFakeFak',
};
/** The service's own read-only names say so; the others are simply unknown. */
const messageFor = (field: string) =>
  ['owner_id', 'password_hash'].includes(field) ? 'is not a known property' : 'is read-only and cannot be set';

let t: TestApp;
interface Write {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  as: Role | null;
  payload: () => Record<string, unknown>;
}
let writes: Write[];

/** The menu, an order and every write of the service, on `app`; makes `app` the test's app. */
async function scene(app: TestApp) {
  t = app;
  const menu = await seedMenu(t);
  const order = await placeOrder(t, [menu.salad.id]);
  const dish = {
    name: 'Soup',
    description: 'Hot soup',
    category: 'Appetizer',
    image_name: 'soup',
    preparation_time: 5,
    price: 4,
    station: 'hot',
    ingredients: [{ ingredient_id: menu.salt.id, is_essential: false }],
  };
  const ingredient = { name: 'Pepper', in_stock_qty: 3, price: 0.1 };
  const user = { user_name: 'newbie', email: 'newbie@example.com', password: PASSWORD, role: 'patron' };
  const self = { user_name: 'patron1', email: 'patron1@example.com', role: 'patron' };
  const orderBody = { name: 'Ben', dish_ids: [menu.salad.id] };
  writes = [
    { name: 'POST /users', method: 'POST', url: () => '/users', as: null, payload: () => user },
    { name: 'PUT /users/{id}', method: 'PUT', url: () => `/users/${t.userIds.patron}`, as: 'patron', payload: () => self },
    {
      name: 'PATCH /users/{id}',
      method: 'PATCH',
      url: () => `/users/${t.userIds.patron}`,
      as: 'patron',
      payload: () => ({ email: 'x@example.com' }),
    },
    { name: 'POST /dishes', method: 'POST', url: () => '/dishes', as: 'chef', payload: () => dish },
    { name: 'PUT /dishes/{id}', method: 'PUT', url: () => `/dishes/${menu.salad.id}`, as: 'chef', payload: () => dish },
    { name: 'PATCH /dishes/{id}', method: 'PATCH', url: () => `/dishes/${menu.salad.id}`, as: 'manager', payload: () => ({ price: 1 }) },
    { name: 'POST /ingredients', method: 'POST', url: () => '/ingredients', as: 'chef', payload: () => ingredient },
    { name: 'PUT /ingredients/{id}', method: 'PUT', url: () => `/ingredients/${menu.beef.id}`, as: 'chef', payload: () => ingredient },
    {
      name: 'PATCH /ingredients/{id}',
      method: 'PATCH',
      url: () => `/ingredients/${menu.beef.id}`,
      as: 'manager',
      payload: () => ({ in_stock_delta: 1 }),
    },
    { name: 'POST /orders', method: 'POST', url: () => '/orders', as: 'patron', payload: () => orderBody },
    { name: 'PUT /orders/{id}', method: 'PUT', url: () => `/orders/${order.id}`, as: 'patron', payload: () => orderBody },
    { name: 'PATCH /orders/{id}', method: 'PATCH', url: () => `/orders/${order.id}`, as: 'manager', payload: () => ({ table_number: 9 }) },
  ];
}

// One app and scene for the file: every refused write leaves the store exactly as it was. The
// control, whose writes succeed (and change patron1 and the salad), builds its own on a fresh app.
fileScene(
  async (app) => {
    await scene(app);
    return { t, writes };
  },
  (shared) => ({ t, writes } = shared),
);

describe('mass assignment of service-owned properties', () => {
  it('every writable resource accepts its valid body (the control)', async ({ startApp }) => {
    await scene(await startApp());
    for (const write of writes.filter((w) => w.method !== 'POST')) {
      const response = await t.inject({ method: write.method, url: write.url(), as: write.as, payload: write.payload() });
      expect([write.name, response.statusCode]).toEqual([write.name, 200]);
    }
  });

  for (const field of SERVICE_OWNED) {
    it(`${field}: 400 naming it on every POST, PUT and PATCH; nothing stored`, async () => {
      for (const write of writes) {
        const before = await snapshot(t.store);
        const response = await t.inject({
          method: write.method,
          url: write.url(),
          as: write.as,
          payload: { ...write.payload(), [field]: VALUES[field] },
        });
        const problem = expectProblemStatus(response, 400);
        expect([write.name, problem.errors]).toEqual([write.name, expect.arrayContaining([{ path: field, message: messageFor(field) }])]);
        expect(await snapshot(t.store)).toEqual(before);
      }
    });
  }

  it('status and priority on create: 400 naming them', async () => {
    for (const [field, value] of [
      ['status', 'Ready for Pickup'],
      ['priority', 0],
    ] as const) {
      const before = await snapshot(t.store);
      const response = await t.inject({
        method: 'POST',
        url: '/orders',
        as: 'manager',
        payload: { name: 'Ben', dish_ids: writes[9]?.payload().dish_ids, [field]: value },
      });
      expect(expectProblemStatus(response, 400).errors).toEqual([{ path: field, message: 'is read-only and cannot be set' }]);
      expect(await snapshot(t.store)).toEqual(before);
    }
  });

  it('nested properties cannot be smuggled either (a dish ingredient with extra fields)', async () => {
    const before = await snapshot(t.store);
    const dish = writes[3]?.payload() as { ingredients: Record<string, unknown>[] };
    const response = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      payload: { ...dish, ingredients: [{ ...dish.ingredients[0], in_stock_qty: 1000 }] },
    });
    expect(expectProblemStatus(response, 400).errors).toEqual([{ path: 'ingredients.0.in_stock_qty', message: 'is not a known property' }]);
    expect(await snapshot(t.store)).toEqual(before);
  });
});
