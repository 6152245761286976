// A repair made with the sqlite3 shell while the server runs (the embedded store): what the server
// keeps in memory from its own change events (the live menu, the kitchen book, the quotes' queues,
// the order pages, the accounts) is read again, and screens are told to reload, instead of serving
// what was true before.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { sioIn, type SioClient } from '../../realtime/helpers/clients.js';
import { commitAsOtherProgram } from '../../store/fixtures/other-program.js';

let screen: SioClient | undefined;

// The screen is closed before the startApp fixture closes the app.
afterEach(() => {
  screen?.close();
});

describe("another program's commit to the data file", () => {
  it('reaches the menu, the station queue, the quotes, the order lists and the accounts, and screens reload', async ({ startApp }) => {
    const app = await startApp({ outsideWriteCheckMs: 20 });
    const { steak } = await seedMenu(app);
    const order = await placeOrder(app, [steak.id]);
    const readyList = `/orders?filter=status.eq~Ready%20for%20Pickup`;
    const receivedList = `/orders?filter=status.eq~Received`;
    // What the server keeps in memory, read once so it is kept.
    expect((await app.inject({ method: 'GET', url: `/dishes/${steak.id}` })).json().price).toBe(steak.price);
    expect(
      (await app.inject({ method: 'GET', url: '/stations/hot/tickets', as: 'chef' })).json().results.map((o: { id: string }) => o.id),
    ).toEqual([order.id]);
    expect(
      (await app.inject({ method: 'GET', url: receivedList, as: 'manager' })).json().results.map((o: { status: string }) => o.status),
    ).toEqual(['Received']);
    expect((await app.inject({ method: 'GET', url: '/users', as: 'manager' })).statusCode).toBe(200);
    const aheadAtHot = async () =>
      (await app.inject({ method: 'GET', url: `/quote?dish_ids=${steak.id}`, as: null }))
        .json()
        .stations.map((s: { ahead: number }) => s.ahead);
    expect(await aheadAtHot()).toEqual([1]);
    screen = await sioIn(app.url, 'hot', app.tokens.chef, ['station:hot']);

    commitAsOtherProgram(
      app.dataDir,
      [`UPDATE dishes SET doc = json_set(doc, '$.price', 99.5) WHERE id = ?`, steak.id],
      [`UPDATE orders SET doc = json_set(doc, '$.status', 'Ready for Pickup') WHERE id = ?`, order.id],
      [`UPDATE users SET doc = json_set(doc, '$.role', 'patron') WHERE id = ?`, app.userIds.manager],
    );

    const resync = await screen.inbox.waitFor((e) => e.type === 'resync', 'resync');
    expect(resync.data).toEqual({ reason: 'another program changed the data file' });
    expect((await app.inject({ method: 'GET', url: `/dishes/${steak.id}` })).json().price).toBe(99.5);
    expect((await app.inject({ method: 'GET', url: '/stations/hot/tickets', as: 'chef' })).json().results).toEqual([]);
    // The quotes' live queues: the order the repair took out of the kitchen is no longer ahead.
    expect(await aheadAtHot()).toEqual([0]);
    const ready = (await app.inject({ method: 'GET', url: readyList, as: 'expeditor' })).json();
    expect(ready.results.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[order.id, 'Ready for Pickup']]);
    // The manager made a patron by the repair: the same token no longer opens the users list.
    expect((await app.inject({ method: 'GET', url: '/users', as: 'manager' })).statusCode).toBe(403);
  });
});
