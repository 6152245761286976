// SIGKILL in the middle of a burst of writes to every resource, then a restart: every acknowledged
// write is there (users, ingredients, dishes, orders, updates and deletions), and no order is
// partial: the stock of every ingredient equals its initial stock minus the units of the orders
// that exist, whichever writes were in flight at the kill.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PASSWORD } from '../../helpers/app.js';
import { call, login, serverEnv, startServer, type ServerProcess } from './server-process.js';

const WORKERS = 16;
const KILL_AFTER_ACKS = 300;
const STOCK = 100_000;

interface Acked {
  users: Map<string, { user_name: string; email: string; role: string }>;
  ingredients: Map<string, { name: string; price: number }>;
  /** Per ingredient created in the burst: the last acknowledged price, and one that may be in flight. */
  prices: Map<string, { acked: number; inFlight: number | null }>;
  dishes: Map<string, { name: string; price: number; ingredients: unknown }>;
  orders: Map<string, { name: string; dish_ids: string[] }>;
  deletedOrders: Set<string>;
}

async function listAll<T>(url: string, token: string, path: string): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 30) {
    const page = await call<{ results: T[]; total_results: number }>(url, token, 'GET', `${path}?limit=30&offset=${offset}`);
    expect(page.status).toBe(200);
    all.push(...page.body.results);
    if (all.length >= page.body.total_results) return all;
  }
}

it(
  'SIGKILL during a burst of writes to every resource loses no acknowledged write and leaves no partial order',
  { timeout: 180_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-crash-all-'));
    let server: ServerProcess | undefined;
    try {
      server = await startServer(serverEnv(dataDir));
      const { url } = server;
      const manager = await login(url, 'manager1');
      const seeded: { id: string; dishes: string[] }[] = [];
      for (const name of ['Flour', 'Tomato', 'Cheese', 'Basil'])
        seeded.push({
          id: (await call<{ id: string }>(url, manager, 'POST', '/ingredients', { name, in_stock_qty: STOCK, price: 1 })).body.id,
          dishes: [],
        });
      const recipe = (i: number) => [seeded[i % 4]!, seeded[(i + 1) % 4]!];
      const menu: string[] = [];
      for (let i = 0; i < 4; i++) {
        const dish = await call<{ id: string }>(url, manager, 'POST', '/dishes', {
          name: `Pizza ${i}`,
          description: 'Wood-fired',
          category: 'Main Course',
          image_name: `pizza-${i}`,
          preparation_time: 12,
          price: 10 + i,
          station: 'hot',
          ingredients: recipe(i).map((ingredient) => ({ ingredient_id: ingredient.id, is_essential: true })),
        });
        menu.push(dish.body.id);
        recipe(i).forEach((ingredient) => ingredient.dishes.push(dish.body.id));
      }
      await call(url, null, 'POST', '/users', { user_name: 'diner', email: 'diner@example.com', password: PASSWORD, role: 'patron' });
      const patron = await login(url, 'diner');

      const acked: Acked = {
        users: new Map(),
        ingredients: new Map(),
        prices: new Map(),
        dishes: new Map(),
        orders: new Map(),
        deletedOrders: new Set(),
      };
      let acks = 0;
      let sent = 0;
      let killed = false;
      const ack = () => {
        acks++;
        if (acks >= KILL_AFTER_ACKS && !killed) {
          killed = true;
          server?.child.kill('SIGKILL');
        }
      };
      /** One write; its effect is recorded only when the server answered with success. */
      const write = async <T>(
        token: string | null,
        method: string,
        path: string,
        body: unknown,
        expected: number,
        onAck: (body: T) => void,
      ) => {
        if (killed) return;
        sent++;
        try {
          const response = await call<T>(url, token, method, path, body);
          if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
          onAck(response.body);
          ack();
        } catch (error) {
          if (!killed) throw error;
        }
      };

      const worker = async (w: number) => {
        for (let step = 0; !killed; step++) {
          const tag = `w${w}s${step}`;
          switch (step % 5) {
            case 0:
              await write<{ id: string }>(
                null,
                'POST',
                '/users',
                { user_name: `guest_${tag}`, email: `${tag}@example.com`, password: PASSWORD, role: 'patron' },
                201,
                (user) => acked.users.set(user.id, { user_name: `guest_${tag}`, email: `${tag}@example.com`, role: 'patron' }),
              );
              break;
            case 1:
              await write<{ id: string }>(
                manager,
                'POST',
                '/ingredients',
                { name: `Herb ${tag}`, in_stock_qty: 5, price: 0 },
                201,
                (ingredient) => {
                  acked.ingredients.set(ingredient.id, { name: `Herb ${tag}`, price: 0 });
                  acked.prices.set(ingredient.id, { acked: 0, inFlight: null });
                },
              );
              break;
            case 2: {
              const ingredients = recipe(step + w).map((ingredient) => ({ ingredient_id: ingredient.id, is_essential: false }));
              await write<{ id: string }>(
                manager,
                'POST',
                '/dishes',
                {
                  name: `Special ${tag}`,
                  description: 'Of the day',
                  category: 'Dessert',
                  image_name: tag,
                  preparation_time: 5,
                  price: step,
                  station: 'cold',
                  ingredients,
                },
                201,
                (dish) => acked.dishes.set(dish.id, { name: `Special ${tag}`, price: step, ingredients }),
              );
              break;
            }
            case 3: {
              const dishIds = [menu[(w + step) % 4]!, menu[(w + step + 1) % 4]!, menu[(w + step) % 4]!];
              await write<{ id: string }>(patron, 'POST', '/orders', { name: `Table_${tag}`, dish_ids: dishIds }, 201, (order) =>
                acked.orders.set(order.id, { name: `Table_${tag}`, dish_ids: dishIds }),
              );
              break;
            }
            case 4: {
              // An update to one of this run's ingredients, and a deletion of one of its orders.
              const mine = [...acked.prices].find(([, price]) => price.inFlight === null);
              if (mine) {
                const [id, price] = mine;
                price.inFlight = step;
                await write(manager, 'PATCH', `/ingredients/${id}`, { price: step }, 200, () =>
                  Object.assign(price, { acked: step, inFlight: null }),
                );
              }
              // One order in three comes back: its stock must return with it.
              const order = step % 15 === 4 ? [...acked.orders.keys()].find((id) => !acked.deletedOrders.has(id)) : undefined;
              if (order) {
                acked.deletedOrders.add(order);
                await write(patron, 'DELETE', `/orders/${order}`, undefined, 204, () => acked.orders.delete(order));
              }
              break;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      expect((await server.exited).signal).toBe('SIGKILL');

      server = await startServer(serverEnv(dataDir));
      const admin = await login(server.url, 'manager1');
      const users = new Map(
        (await listAll<{ id: string; user_name: string; email: string; role: string }>(server.url, admin, '/users')).map((user) => [
          user.id,
          user,
        ]),
      );
      const ingredients = new Map(
        (await listAll<{ id: string; name: string; price: number; in_stock_qty: number }>(server.url, admin, '/ingredients')).map(
          (item) => [item.id, item],
        ),
      );
      const dishes = new Map(
        (await listAll<{ id: string; name: string; price: number; ingredients: unknown }>(server.url, admin, '/dishes')).map((dish) => [
          dish.id,
          dish,
        ]),
      );
      const orders = await listAll<{ id: string; name: string; dish_ids: string[] }>(server.url, admin, '/orders');
      const ordersById = new Map(orders.map((order) => [order.id, order]));

      for (const [id, user] of acked.users) expect(users.get(id)).toMatchObject(user);
      for (const [id, ingredient] of acked.ingredients) expect(ingredients.get(id)).toMatchObject({ name: ingredient.name });
      for (const [id, price] of acked.prices) expect([price.acked, price.inFlight]).toContain(ingredients.get(id)?.price);
      for (const [id, dish] of acked.dishes) expect(dishes.get(id)).toMatchObject(dish);
      for (const [id, order] of acked.orders) if (!acked.deletedOrders.has(id)) expect(ordersById.get(id)).toMatchObject(order);
      const deletedAndAcked = [...acked.deletedOrders].filter((id) => !acked.orders.has(id));
      for (const id of deletedAndAcked) expect(ordersById.has(id)).toBe(false);
      // A sample of the acknowledged sign-ups can log in: the password hash was stored with the account.
      for (const user of [...acked.users.values()].slice(0, 3)) await login(server.url, user.user_name);

      // No partial order: each ingredient lost exactly one unit per dish entry of the orders that exist.
      for (const ingredient of seeded) {
        const units = orders.reduce((sum, order) => sum + order.dish_ids.filter((id) => ingredient.dishes.includes(id)).length, 0);
        expect(ingredients.get(ingredient.id)?.in_stock_qty).toBe(STOCK - units);
      }
      const counts =
        `users ${acked.users.size}, ingredients ${acked.ingredients.size}, dishes ${acked.dishes.size}, ` +
        `orders ${acked.orders.size}, order deletions ${deletedAndAcked.length}, price updates ` +
        `${[...acked.prices.values()].filter((price) => price.acked > 0).length}`;
      console.log(
        `crash: SIGKILL after ${acks} acknowledged writes of ${sent} sent (${counts}); after the restart ` +
          `every one is there, ${orders.length} orders in all, stock exact on ${seeded.length} ingredients`,
      );
    } finally {
      server?.kill();
      await server?.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
