// End to end: socket.io connection-state recovery. A screen that drops for a moment gets the events
// it missed on reconnecting, in commit order, none twice.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { sioIn, type SioClient } from './helpers/clients.js';
import { idOf } from './helpers/screens.js';

let t: TestApp;
let hot: SioClient;
let steady: SioClient | undefined;

it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  hot?.close();
  steady?.close();
  steady = undefined;
});

describe('connection-state recovery', () => {
  it('replays the events missed during a brief disconnect, in order, without duplicates', async () => {
    const { steak, salad } = await seedMenu(t);
    hot = await sioIn(t.url, 'hot station', t.tokens.chef, ['station:hot']);
    steady = await sioIn(t.url, 'hot station that stays', t.tokens.chef, ['station:hot']);
    const first = await placeOrder(t, [steak.id]);
    await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === first.id, 'the first order');

    const gone = new Promise((resolve) => hot.socket.once('disconnect', resolve));
    hot.socket.io.engine.close();
    expect(await gone).toBe('forced close');
    const second = await placeOrder(t, [steak.id, salad.id]);
    await placeOrder(t, [salad.id]);
    const started = await t.inject({ method: 'PATCH', url: `/orders/${first.id}`, as: 'chef', payload: { status: 'In Progress' } });
    expect(started.statusCode).toBe(200);
    const third = await placeOrder(t, [steak.id]);

    const back = new Promise<void>((resolve) => hot.socket.once('connect', () => resolve()));
    hot.socket.connect();
    await back;
    expect(hot.socket.recovered).toBe(true);
    await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === third.id, 'the last order');
    const orderEvents = hot.inbox.envelopes.filter((e) => e.type.startsWith('order.')).map((e) => `${e.type} ${idOf(e)}`);
    expect(orderEvents).toEqual([
      `order.created ${first.id}`,
      `order.created ${second.id}`,
      `order.updated ${first.id}`,
      `order.created ${third.id}`,
    ]);
    const ids = hot.inbox.envelopes.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // What it was replayed is what a screen that never dropped was sent, to the last property.
    await steady.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === third.id, 'the last order, on the steady screen');
    const sent = steady.inbox.envelopes.slice();
    await hot.inbox.waitForCount(() => true, sent.length, 'what the steady screen got');
    expect(hot.inbox.envelopes.slice(0, sent.length)).toEqual(sent);
  });
});
