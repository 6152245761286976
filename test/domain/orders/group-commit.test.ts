// Orders placed together share one group commit, yet each keeps its own outcome: an order refused
// for stock is undone alone, and the others are answered, stored and announced.
import { expect, vi } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { orderCount, setStock, stockById } from './support.js';

let t: TestApp;
const commits: number[] = [];

it.beforeEach(async ({ startApp }) => {
  commits.length = 0;
  t = await startApp({ onCommit: ({ units }) => commits.push(units) });
});

it('undoes an order refused for stock alone while the orders committed with it stand, announced in order', async () => {
  const menu = await seedMenu(t, 20);
  await setStock(t, menu.beef.id, 1);
  const before = await orderCount(t);
  const inserted: string[] = [];
  t.store.onChange((event) => {
    if (event.collection === 'orders') inserted.push(event.id);
  });
  // A transaction holds the writer while the three orders reach the store, so they queue together
  // behind it (and behind its commit) however the requests' own steps spread over turns.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const holder = t.store.transaction(() => gate);
  await new Promise((resolve) => setImmediate(resolve)); // its commit is queued now
  const transaction = t.store.transaction.bind(t.store);
  let arrived = 0;
  t.store.transaction = (work) => {
    arrived += 1;
    return transaction(work);
  };
  commits.length = 0;
  const post = (dishIds: string[]) =>
    t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ben', dish_ids: dishIds } });
  const placed = [post([menu.salad.id]), post([menu.steak.id, menu.steak.id]), post([menu.steak.id])];
  // On a busy machine the three requests can take more than waitFor's default second to reach the store.
  await vi.waitFor(() => expect(arrived).toBe(3), { timeout: 15_000 });
  open();
  await holder;
  const responses = await Promise.all(placed);

  expect(responses.map((response) => response.statusCode)).toEqual([201, 409, 201]);
  expect(commits).toEqual([1, 2]); // the holder alone, then the two orders together
  // Announced in the order they were stored: which of the two reached the store first depends on
  // the machine's load, and ids are made in the order orders are stored.
  const stored = [responses[0]?.json<{ id: string }>().id, responses[2]?.json<{ id: string }>().id];
  expect(inserted).toEqual(stored.sort());
  expect(await orderCount(t)).toBe(before + 2);
  const stock = await stockById(t);
  expect([stock[menu.lettuce.id], stock[menu.beef.id], stock[menu.salt.id]]).toEqual([19, 0, 18]);
});
