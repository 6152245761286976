// Concurrent orders quoted against each other: with a wait limit set, 50 patron orders sent at once
// over real HTTP are taken exactly as many times as when sent one after another, in three runs;
// also on a store whose change events arrive late, as a MongoDB change stream's do.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestAppOptions } from '../../helpers/app.js';
import { it, type StartApp } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { lateEvents } from '../../store/fixtures/late-events.js';
import { FrozenClock } from '../orders/support.js';

const ORDERS = 50;
const LIMIT = 560;

/** A kitchen with the wait limit set and stock for every order, on a clock that stands still. */
async function kitchen(startApp: StartApp, options: TestAppOptions = {}) {
  const t = await startApp({ clock: new FrozenClock(), ...options });
  const menu = await seedMenu(t, 1000);
  const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: LIMIT } });
  expect(response.statusCode).toBe(200);
  const post = async () => {
    const answer = await fetch(`${t.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.patron}` },
      body: JSON.stringify({ name: 'Ben', dish_ids: [menu.steak.id] }),
    });
    return { status: answer.status, body: (await answer.json()) as Order };
  };
  return { t, post };
}

async function oneByOne(startApp: StartApp): Promise<number> {
  const { post } = await kitchen(startApp);
  let taken = 0;
  for (let sent = 0; sent < ORDERS; sent++) if ((await post()).status === 201) taken++;
  return taken;
}

/** Every order taken stays within the limit it was quoted against; the rest were refused as full. */
function expectWithinLimit(answers: { status: number; body: Order }[], startedAt: number): void {
  for (const { status, body } of answers) {
    expect([201, 409]).toContain(status);
    if (status === 201) expect(Date.parse(body.quoted_ready_at!) - startedAt).toBeLessThanOrEqual(LIMIT * 60_000);
  }
  const quotes = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.quoted_ready_at);
  // Quoted against each other: no two orders were promised the same time.
  expect(new Set(quotes).size).toBe(quotes.length);
}

describe('50 concurrent patron orders with max_wait_minutes set', () => {
  it('are taken exactly as many times as one after another, in three runs', async ({ startApp }) => {
    const expected = await oneByOne(startApp);
    expect(expected).toBe(22);
    for (let run = 0; run < 3; run++) {
      const { t, post } = await kitchen(startApp);
      const startedAt = t.clock.now().getTime();
      const answers = await Promise.all(Array.from({ length: ORDERS }, post));
      expect(answers.filter((answer) => answer.status === 201).length, `run ${run + 1}`).toBe(expected);
      expectWithinLimit(answers, startedAt);
    }
  });

  it('also when the change events arrive late (as on MongoDB)', async ({ startApp }) => {
    const { t, post } = await kitchen(startApp, { wrapStore: (store) => lateEvents(store, 20).store });
    const startedAt = t.clock.now().getTime();
    const answers = await Promise.all(Array.from({ length: ORDERS }, post));
    expect(answers.filter((answer) => answer.status === 201).length).toBe(22);
    expectWithinLimit(answers, startedAt);
  });
});
