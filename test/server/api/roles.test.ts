// The contract's "Who may do what" table, cell by cell: every operation asked by an anonymous
// caller and by each role, with the exact status the table gives. Each cell prepares its own target
// (a fresh dish, order or user), so no cell depends on another's data.
import type { InjectOptions } from 'fastify';
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../../helpers/menu.js';
import type { Role } from '../../../models/user.js';
import { PROBLEM_TYPE, unique } from './support.js';

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', 'patron', 'chef', 'expeditor', 'manager'];

/** A request, optionally sent with another token than the caller's (a fresh account's own). */
type Cell = InjectOptions & { token?: string };

interface Row {
  operation: string;
  /** Statuses for anonymous, patron, chef, expeditor, manager, in that order. */
  statuses: readonly [number, number, number, number, number];
  prepare(caller: Caller): Promise<Cell>;
}

let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
// One app for the file's ~200 cells (an app each would add minutes): each cell prepares its own target.
it.beforeAll(async ({ fileApp }) => {
  t = fileApp;
  menu = await seedMenu(t, 100_000);
});

const ALL_READ = [200, 200, 200, 200, 200] as const;
const MENU_EDIT = (ok: number) => [401, 403, ok, 403, ok] as const;
const MANAGER_ONLY = (ok: number) => [401, 403, 403, 403, ok] as const;

const freshDish = () =>
  addDish(t, { name: unique('Dish'), station: 'cold', ingredients: [{ ingredient_id: menu.lemon.id, is_essential: true }] });
const freshIngredient = () => addIngredient(t, unique('Ingredient'), 5);
const dishBody = () => ({
  name: unique('Dish'),
  description: 'A dish',
  category: 'Dessert',
  image_name: 'dish.png',
  ingredients: [{ ingredient_id: menu.lemon.id, is_essential: false }],
  preparation_time: 5,
  price: 4,
  station: 'cold',
});

/** An order placed by patron1 (the patron caller's own), or by someone else. */
const ownOrder = (extra: Record<string, unknown> = {}) => placeOrder(t, [menu.salad.id], 'patron', extra);
const othersOrder = () => placeOrder(t, [menu.salad.id], 'expeditor');
async function ownOrderIn(status: 'In Progress') {
  const order = await ownOrder();
  const moved = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { status } });
  if (moved.statusCode !== 200) throw new Error(moved.body);
  return order;
}
const ownDraft = () => ownOrder({ scheduled_at: new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString() });

/** A new account of `role`, signed in: its id and its own token. */
async function account(role: Role): Promise<{ id: string; token: string; userName: string }> {
  const userName = unique(`${role}-`);
  const created = await t.inject({
    method: 'POST',
    url: '/users',
    as: 'manager',
    payload: { user_name: userName, email: `${userName}@example.com`, password: PASSWORD, role },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const login = await t.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', user_name: userName, password: PASSWORD },
  });
  return { id: created.json().id, token: login.json().access_token, userName };
}

/** The caller's own fresh account (anonymous callers aim at someone's account without a token). */
async function self(caller: Caller) {
  if (caller === 'anonymous') return { ...(await account('patron')), token: undefined };
  return account(caller);
}

/** A role other than the caller's, for "change my own role". */
const otherRole = (caller: Caller): Role => (caller === 'chef' ? 'expeditor' : 'chef');

const ROWS: Row[] = [
  // GET dishes, ingredients (all forms): everyone.
  { operation: 'GET /dishes', statuses: ALL_READ, prepare: async () => ({ method: 'GET', url: '/dishes' }) },
  { operation: 'GET /dishes/{id}', statuses: ALL_READ, prepare: async () => ({ method: 'GET', url: `/dishes/${menu.salad.id}` }) },
  {
    operation: 'GET /dishes/{id}/ingredients',
    statuses: ALL_READ,
    prepare: async () => ({ method: 'GET', url: `/dishes/${menu.salad.id}/ingredients` }),
  },
  { operation: 'GET /ingredients', statuses: ALL_READ, prepare: async () => ({ method: 'GET', url: '/ingredients' }) },
  { operation: 'GET /ingredients/{id}', statuses: ALL_READ, prepare: async () => ({ method: 'GET', url: `/ingredients/${menu.salt.id}` }) },

  // Menu and stock changes: chefs and managers.
  { operation: 'POST /dishes', statuses: MENU_EDIT(201), prepare: async () => ({ method: 'POST', url: '/dishes', payload: dishBody() }) },
  {
    operation: 'PUT /dishes/{id}',
    statuses: MENU_EDIT(200),
    prepare: async () => ({ method: 'PUT', url: `/dishes/${(await freshDish()).id}`, payload: dishBody() }),
  },
  {
    operation: 'PATCH /dishes/{id}',
    statuses: MENU_EDIT(200),
    prepare: async () => ({ method: 'PATCH', url: `/dishes/${(await freshDish()).id}`, payload: { price: 9 } }),
  },
  {
    operation: 'DELETE /dishes/{id}',
    statuses: MENU_EDIT(204),
    prepare: async () => ({ method: 'DELETE', url: `/dishes/${(await freshDish()).id}` }),
  },
  {
    operation: 'POST /ingredients',
    statuses: MENU_EDIT(201),
    prepare: async () => ({ method: 'POST', url: '/ingredients', payload: { name: unique('Ingredient'), in_stock_qty: 3, price: 1 } }),
  },
  {
    operation: 'PUT /ingredients/{id}',
    statuses: MENU_EDIT(200),
    prepare: async () => ({
      method: 'PUT',
      url: `/ingredients/${(await freshIngredient()).id}`,
      payload: { name: unique('Ingredient'), in_stock_qty: 3, price: 1 },
    }),
  },
  {
    operation: 'PATCH /ingredients/{id}',
    statuses: MENU_EDIT(200),
    prepare: async () => ({ method: 'PATCH', url: `/ingredients/${(await freshIngredient()).id}`, payload: { in_stock_delta: 2 } }),
  },
  {
    operation: 'DELETE /ingredients/{id}',
    statuses: MENU_EDIT(204),
    prepare: async () => ({ method: 'DELETE', url: `/ingredients/${(await freshIngredient()).id}` }),
  },

  // Orders.
  {
    operation: 'POST /orders',
    statuses: [401, 201, 201, 201, 201],
    prepare: async () => ({ method: 'POST', url: '/orders', payload: { name: 'Ada', dish_ids: [menu.lemonade.id] } }),
  },
  { operation: 'GET /orders', statuses: [401, 200, 200, 200, 200], prepare: async () => ({ method: 'GET', url: '/orders' }) },
  {
    operation: 'GET /orders/{id} (own)',
    statuses: [401, 200, 200, 200, 200],
    prepare: async () => ({ method: 'GET', url: `/orders/${(await ownOrder()).id}` }),
  },
  {
    operation: "GET /orders/{id} (another's)",
    statuses: [401, 404, 200, 200, 200],
    prepare: async () => ({ method: 'GET', url: `/orders/${(await othersOrder()).id}` }),
  },
  {
    operation: 'GET /orders/{id}/dishes (own)',
    statuses: [401, 200, 200, 200, 200],
    prepare: async () => ({ method: 'GET', url: `/orders/${(await ownOrder()).id}/dishes` }),
  },
  {
    operation: "GET /orders/{id}/dishes (another's)",
    statuses: [401, 404, 200, 200, 200],
    prepare: async () => ({ method: 'GET', url: `/orders/${(await othersOrder()).id}/dishes` }),
  },
  {
    operation: 'GET /orders/{id}/audit',
    statuses: [401, 403, 403, 403, 200],
    prepare: async () => ({ method: 'GET', url: `/orders/${(await ownOrder()).id}/audit` }),
  },
  {
    operation: 'PATCH /orders/{id} details (own, Received)',
    statuses: [401, 200, 403, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await ownOrder()).id}`, payload: { special_requests: 'No ice' } }),
  },
  {
    operation: 'PATCH /orders/{id} details (own, Draft)',
    statuses: [401, 200, 403, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await ownDraft()).id}`, payload: { table_number: 12 } }),
  },
  {
    operation: 'PATCH /orders/{id} details (own, In Progress)',
    statuses: [401, 403, 403, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await ownOrderIn('In Progress')).id}`, payload: { name: 'Benjamin' } }),
  },
  {
    operation: "PATCH /orders/{id} details (another's)",
    statuses: [401, 404, 403, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await othersOrder()).id}`, payload: { name: 'Benjamin' } }),
  },
  {
    operation: 'PATCH /orders/{id} status Received→In Progress (own)',
    statuses: [401, 403, 200, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await ownOrder()).id}`, payload: { status: 'In Progress' } }),
  },
  {
    operation: 'PATCH /orders/{id} priority (own)',
    statuses: [401, 403, 403, 200, 200],
    prepare: async () => ({ method: 'PATCH', url: `/orders/${(await ownOrder()).id}`, payload: { priority: 1 } }),
  },
  {
    operation: 'PUT /orders/{id} details (own, Received)',
    statuses: [401, 200, 403, 200, 200],
    prepare: async () => ({
      method: 'PUT',
      url: `/orders/${(await ownOrder()).id}`,
      payload: { name: 'Ben', dish_ids: [menu.salad.id], table_number: 7 },
    }),
  },
  {
    operation: 'PUT /orders/{id} with a new status (own)',
    statuses: [401, 403, 200, 200, 200],
    prepare: async () => ({
      method: 'PUT',
      url: `/orders/${(await ownOrder()).id}`,
      payload: { name: 'Ben', dish_ids: [menu.salad.id], table_number: 4, status: 'In Progress' },
    }),
  },
  {
    operation: 'PUT /orders/{id} details (own, In Progress)',
    statuses: [401, 403, 403, 200, 200],
    prepare: async () => ({
      method: 'PUT',
      url: `/orders/${(await ownOrderIn('In Progress')).id}`,
      payload: { name: 'Ben', dish_ids: [menu.salad.id], table_number: 8 },
    }),
  },
  {
    operation: 'DELETE /orders/{id} (own, Received)',
    statuses: [401, 204, 403, 204, 204],
    prepare: async () => ({ method: 'DELETE', url: `/orders/${(await ownOrder()).id}` }),
  },
  {
    operation: 'DELETE /orders/{id} (own, Draft)',
    statuses: [401, 204, 403, 204, 204],
    prepare: async () => ({ method: 'DELETE', url: `/orders/${(await ownDraft()).id}` }),
  },
  {
    operation: 'DELETE /orders/{id} (own, In Progress)',
    statuses: [401, 403, 403, 204, 204],
    prepare: async () => ({ method: 'DELETE', url: `/orders/${(await ownOrderIn('In Progress')).id}` }),
  },
  {
    operation: "DELETE /orders/{id} (another's)",
    statuses: [401, 404, 403, 204, 204],
    prepare: async () => ({ method: 'DELETE', url: `/orders/${(await othersOrder()).id}` }),
  },

  // Users.
  ...(['patron', 'chef', 'expeditor', 'manager'] as const).map((role): Row => ({
    operation: `POST /users (role ${role})`,
    statuses: role === 'patron' ? [201, 201, 201, 201, 201] : [403, 403, 403, 403, 201],
    prepare: async () => {
      const userName = unique('new-user-');
      return {
        method: 'POST',
        url: '/users',
        payload: { user_name: userName, email: `${userName}@example.com`, password: PASSWORD, role },
      };
    },
  })),
  { operation: 'GET /users', statuses: MANAGER_ONLY(200), prepare: async () => ({ method: 'GET', url: '/users' }) },
  {
    operation: 'GET /users/{id} (self)',
    statuses: [401, 200, 200, 200, 200],
    prepare: async (caller) => {
      const me = await self(caller);
      return { method: 'GET', url: `/users/${me.id}`, token: me.token };
    },
  },
  {
    operation: 'GET /users/{id} (someone else)',
    statuses: MANAGER_ONLY(200),
    prepare: async () => ({ method: 'GET', url: `/users/${(await account('patron')).id}` }),
  },
  {
    operation: 'PATCH /users/{id} (self, no role change)',
    statuses: [401, 200, 200, 200, 200],
    prepare: async (caller) => {
      const me = await self(caller);
      return {
        method: 'PATCH',
        url: `/users/${me.id}`,
        token: me.token,
        payload: { email: `${me.userName}@new.example.com`, role: caller === 'anonymous' ? 'patron' : caller },
      };
    },
  },
  {
    operation: 'PATCH /users/{id} (self, another role)',
    statuses: [401, 403, 403, 403, 200],
    prepare: async (caller) => {
      const me = await self(caller);
      return { method: 'PATCH', url: `/users/${me.id}`, token: me.token, payload: { role: otherRole(caller) } };
    },
  },
  {
    operation: 'PUT /users/{id} (self, no role change)',
    statuses: [401, 200, 200, 200, 200],
    prepare: async (caller) => {
      const me = await self(caller);
      return {
        method: 'PUT',
        url: `/users/${me.id}`,
        token: me.token,
        payload: {
          user_name: `${me.userName}-renamed`,
          email: `${me.userName}@example.com`,
          role: caller === 'anonymous' ? 'patron' : caller,
        },
      };
    },
  },
  {
    operation: 'PUT /users/{id} (self, another role)',
    statuses: [401, 403, 403, 403, 200],
    prepare: async (caller) => {
      const me = await self(caller);
      return {
        method: 'PUT',
        url: `/users/${me.id}`,
        token: me.token,
        payload: { user_name: me.userName, email: `${me.userName}@example.com`, role: otherRole(caller) },
      };
    },
  },
  {
    operation: 'PATCH /users/{id} (someone else)',
    statuses: MANAGER_ONLY(200),
    prepare: async () => ({
      method: 'PATCH',
      url: `/users/${(await account('chef')).id}`,
      payload: { email: `${unique('x')}@example.com` },
    }),
  },
  {
    operation: 'PUT /users/{id} (someone else)',
    statuses: MANAGER_ONLY(200),
    prepare: async () => {
      const other = await account('chef');
      return {
        method: 'PUT',
        url: `/users/${other.id}`,
        payload: { user_name: other.userName, email: `${other.userName}@example.com`, role: 'expeditor' },
      };
    },
  },
  {
    operation: 'DELETE /users/{id} (someone else)',
    statuses: MANAGER_ONLY(204),
    prepare: async () => ({ method: 'DELETE', url: `/users/${(await account('patron')).id}` }),
  },
  {
    operation: 'DELETE /users/{id} (self)',
    statuses: MANAGER_ONLY(204),
    prepare: async (caller) => {
      const me = await self(caller);
      return { method: 'DELETE', url: `/users/${me.id}`, token: me.token };
    },
  },
];

describe.each(ROWS)('$operation', (row) => {
  it.each(CALLERS.map((caller, index) => [caller, row.statuses[index] as number] as const))('%s → %i', async (caller, status) => {
    const { token, ...request } = await row.prepare(caller);
    const credential = token ?? (caller === 'anonymous' ? undefined : t.tokens[caller]);
    const headers = { ...(request.headers ?? {}), ...(credential && { authorization: `Bearer ${credential}` }) };
    const response = await t.app.inject({ ...request, headers });
    expect({ operation: row.operation, caller, status: response.statusCode }).toStrictEqual({ operation: row.operation, caller, status });
    if (status >= 400) expect(response.headers['content-type']).toBe(PROBLEM_TYPE);
  });
});
