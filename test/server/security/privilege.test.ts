// Privilege escalation: every attempt to act above one's role is refused and changes nothing.
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import type { Role } from '../../../models/user.js';
import { expectProblemStatus, snapshot } from './support.js';

let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
/** A second patron, with a token, whose order the first patron must never reach. */
let other: { id: string; token: string; orderId: string };

// One app and scene for the file: every attempt is refused and leaves the store exactly as it was,
// and the orders a test places are its own.
it.beforeAll(async ({ startFileApp }) => {
  t = await startFileApp();
  menu = await seedMenu(t);
  const created = await t.inject({
    method: 'POST',
    url: '/users',
    payload: { user_name: 'patron2', email: 'p2@example.com', password: PASSWORD, role: 'patron' },
  });
  const login = await t.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', user_name: 'patron2', password: PASSWORD },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const order = await t.inject({
    method: 'POST',
    url: '/orders',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Other', dish_ids: [menu.salad.id] },
  });
  other = { id: created.json<{ id: string }>().id, token, orderId: order.json<{ id: string }>().id };
});

/** The request is refused with `status` and the stored data is exactly as before. */
async function expectRefusedUnchanged(request: Parameters<TestApp['inject']>[0], status: number) {
  const before = await snapshot(t.store);
  const response = await t.inject(request);
  expectProblemStatus(response, status);
  expect(await snapshot(t.store)).toEqual(before);
  return response;
}

const staffAccount = (role: Role) => ({ user_name: `sneaky_${role}`, email: `${role}@example.com`, password: PASSWORD, role });

describe('creating accounts above one’s role', () => {
  for (const as of [null, 'patron', 'chef', 'expeditor'] as const) {
    for (const role of ['manager', 'chef', 'expeditor'] as const) {
      it(`${as ?? 'anonymous'} cannot create a ${role}: 403`, async () => {
        await expectRefusedUnchanged({ method: 'POST', url: '/users', as, payload: staffAccount(role) }, 403);
      });
    }
  }

  it('a sign-up cannot smuggle a role through an unknown or read-only property', async () => {
    for (const extra of [{ is_admin: true }, { roles: ['manager'] }, { password_hash: 'x' }, { id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }]) {
      await expectRefusedUnchanged({ method: 'POST', url: '/users', payload: { ...staffAccount('patron'), ...extra } }, 400);
    }
  });
});

describe('changing one’s own role', () => {
  for (const role of ['patron', 'chef', 'expeditor'] as const) {
    it(`a ${role} cannot make itself a manager by PATCH or PUT: 403, role unchanged`, async () => {
      const id = t.userIds[role];
      await expectRefusedUnchanged({ method: 'PATCH', url: `/users/${id}`, as: role, payload: { role: 'manager' } }, 403);
      await expectRefusedUnchanged(
        {
          method: 'PUT',
          url: `/users/${id}`,
          as: role,
          payload: { user_name: `${role}1`, email: `${role}1@example.com`, role: 'manager' },
        },
        403,
      );
      const self = await t.inject({ method: 'GET', url: `/users/${id}`, as: role });
      expect(self.json()).toMatchObject({ role });
    });
  }

  it('a patron cannot change, read or delete another account', async () => {
    await expectRefusedUnchanged({ method: 'PATCH', url: `/users/${other.id}`, as: 'patron', payload: { email: 'mine@example.com' } }, 403);
    await expectRefusedUnchanged(
      { method: 'PATCH', url: `/users/${t.userIds.manager}`, as: 'patron', payload: { password: 'Taken@Over1' } },
      403,
    );
    await expectRefusedUnchanged({ method: 'GET', url: `/users/${other.id}`, as: 'patron' }, 403);
    await expectRefusedUnchanged({ method: 'DELETE', url: `/users/${t.userIds.manager}`, as: 'patron' }, 403);
    await expectRefusedUnchanged({ method: 'GET', url: '/users', as: 'patron' }, 403);
  });
});

describe('another patron’s order', () => {
  it('is invisible: 404 on read, change, delete and its dishes; absent from lists and filters', async () => {
    const url = `/orders/${other.orderId}`;
    await expectRefusedUnchanged({ method: 'GET', url, as: 'patron' }, 404);
    await expectRefusedUnchanged({ method: 'GET', url: `${url}/dishes`, as: 'patron' }, 404);
    await expectRefusedUnchanged({ method: 'PATCH', url, as: 'patron', payload: { table_number: 1 } }, 404);
    await expectRefusedUnchanged({ method: 'PUT', url, as: 'patron', payload: { name: 'Mine', dish_ids: [menu.steak.id] } }, 404);
    await expectRefusedUnchanged({ method: 'DELETE', url, as: 'patron' }, 404);
    for (const query of ['', `?filter=id.eq~${other.orderId}`, '?filter=name.eq~Other', '?sort=created_at&order=desc']) {
      const list = await t.inject({ method: 'GET', url: `/orders${query}`, as: 'patron' });
      expect(list.json<{ results: { id: string }[] }>().results.map((order) => order.id)).not.toContain(other.orderId);
    }
  });

  it('cannot be reached by filtering on the hidden owner', async () => {
    await expectRefusedUnchanged({ method: 'GET', url: `/orders?filter=owner_id.eq~${other.id}`, as: 'patron' }, 400);
  });
});

describe('status and priority', () => {
  it('a patron cannot set the status or the priority of its own order', async () => {
    const order = await placeOrder(t, [menu.lemonade.id]);
    const url = `/orders/${order.id}`;
    await expectRefusedUnchanged({ method: 'PATCH', url, as: 'patron', payload: { status: 'In Progress' } }, 403);
    await expectRefusedUnchanged({ method: 'PATCH', url, as: 'patron', payload: { priority: 0 } }, 403);
    await expectRefusedUnchanged(
      { method: 'PUT', url, as: 'patron', payload: { name: 'Ben', dish_ids: [menu.lemonade.id], priority: 0 } },
      403,
    );
  });

  it('a patron cannot create an order with a status or priority of its choosing', async () => {
    for (const extra of [{ status: 'Ready for Pickup' }, { priority: 0 }, { owner_id: other.id }]) {
      await expectRefusedUnchanged(
        { method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ben', dish_ids: [menu.lemonade.id], ...extra } },
        400,
      );
    }
  });

  it('a chef cannot change priority, nor skip the status machine', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const url = `/orders/${order.id}`;
    await expectRefusedUnchanged({ method: 'PATCH', url, as: 'chef', payload: { priority: 0 } }, 403);
    await expectRefusedUnchanged({ method: 'PATCH', url, as: 'chef', payload: { status: 'Ready for Pickup' } }, 409);
    await expectRefusedUnchanged({ method: 'DELETE', url, as: 'chef' }, 403);
  });
});

describe('the menu', () => {
  for (const as of ['patron', 'expeditor'] as const) {
    it(`${as}s cannot change dishes or stock: 403`, async () => {
      await expectRefusedUnchanged({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as, payload: { in_stock_delta: 1000 } }, 403);
      await expectRefusedUnchanged({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as, payload: { price: 0 } }, 403);
      await expectRefusedUnchanged({ method: 'DELETE', url: `/dishes/${menu.steak.id}`, as }, 403);
      await expectRefusedUnchanged({ method: 'POST', url: '/ingredients', as, payload: { name: 'Gold', in_stock_qty: 1, price: 0 } }, 403);
    });
  }

  it('anonymous clients cannot change anything: 401', async () => {
    await expectRefusedUnchanged({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, payload: { in_stock_delta: 1000 } }, 401);
    await expectRefusedUnchanged({ method: 'POST', url: '/orders', payload: { name: 'Ben', dish_ids: [menu.salad.id] } }, 401);
  });
});
