// A server killed (SIGKILL) after an order committed but before its 201 was written: the tablet's
// retry with the same Idempotency-Key gets that 201, and the order exists once with its stock taken once.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { PASSWORD } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, addIngredient } from '../../helpers/menu.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/serve.ts', import.meta.url));
const { open } = storesPerTest('pos-idem-crash-');

async function token(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', user_name: 'patron1', password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

it('after a SIGKILL between the commit and the reply, the retry gets the stored 201', async ({ dataDir, serve, startApp }) => {
  const seed = await startApp({ dataDir });
  const saffron = await addIngredient(seed, 'Saffron', 10);
  const dish = await addDish(seed, { name: 'Risotto', station: 'hot', ingredients: [{ ingredient_id: saffron.id, is_essential: true }] });
  await seed.close();
  const body = JSON.stringify({ name: 'Ben', table_number: 12, dish_ids: [dish.id] });
  const place = async (url: string) =>
    fetch(`${url}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'table-12-checkout',
        authorization: `Bearer ${await token(url)}`,
      },
      body,
    });

  const doomed = serve(FIXTURE, dataDir, { TEST_KILL_AFTER_ORDER_COMMIT: '1' });
  await expect(place(await doomed.url)).rejects.toThrow();
  expect(await doomed.exited).toBe('SIGKILL');

  const revived = serve(FIXTURE, dataDir);
  const retry = await place(await revived.url);
  expect(retry.status).toBe(201);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  const order = (await retry.json()) as { id: string; table_number: number; dish_ids: string[]; status: string };
  expect(order).toMatchObject({ table_number: 12, dish_ids: [dish.id], status: 'Received' });
  expect(retry.headers.get('location')).toBe(`/orders/${order.id}`);
  revived.child.kill('SIGKILL');
  await revived.exited;

  const { store } = open({ dataDir });
  expect((await store.collection('orders').find([])).map((stored) => stored.id)).toEqual([order.id]);
  expect((await store.collection('ingredients').get(saffron.id))?.in_stock_qty).toBe(9);
}, 60_000);
