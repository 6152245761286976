// A `fallback` printer: silent while a board of its station is live; when the last one has been
// silent for 30 s (its network dropped: no close, its heartbeat answers just stop), the station's
// open tickets print once, then each ticket that fires, until a board is back. With two instances
// on one store a board counts whichever instance it is connected to, and a takeover outlives a
// restart. The 30 s pass on the app's clock, moved on by the test once the board is silent (the
// boards are heard on that clock too); the first test shows production's own figures.
import Fastify from 'fastify';
import { describe, expect, vi } from 'vitest';
import posServices from '../../../server/plugins/services.js';
import { DEFAULT_PRINT_TIMINGS } from '../../../domain/printers/worker.js';
import { placeOrder } from '../../helpers/menu.js';
import { sioIn, type SioClient } from '../../realtime/helpers/clients.js';
import { holdingProxy } from '../../web/proxy.js';
import type { LightMyRequestResponse } from 'fastify';
import { FALLBACK_PRINTING, onPrinter, printed, setPrinters, test } from './fixtures.js';

const GRACE = FALLBACK_PRINTING.takeoverAfterMs;
/** Long enough for a few looks at the stations. */
const LOOKS = 300;
const orderLine = (chit: string[]) => chit.find((line) => line.startsWith('Order '));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Injects = { inject(options: { method: 'GET'; url: string; as: 'chef' }): Promise<LightMyRequestResponse> };
const takenOver = async (app: Injects) => (await app.inject({ method: 'GET', url: '/printers', as: 'chef' })).json()[0].taken_over;

describe('production', () => {
  test('waits 30 s of silence, and socket.io pings every 25 s: a dropped board is printed for within 35 s', async ({ startApp }) => {
    // The services as main.ts builds them: no printer timings given.
    const t = await startApp();
    const services = Fastify();
    await services.register(posServices, {
      config: t.config,
      store: t.store,
      jwtSecret: 'a-secret-long-enough-for-hs256-signing!!',
      now: () => new Date(),
    });
    await services.ready();
    try {
      expect(services.pos.printing.timings).toEqual(DEFAULT_PRINT_TIMINGS);
      expect(DEFAULT_PRINT_TIMINGS).toMatchObject({ takeoverAfterMs: 30_000, watchEveryMs: 1000 });
    } finally {
      await services.close();
    }
    // The last answer a dropped board gave is at most one ping interval old when its network drops.
    const handshake = await (await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`)).text();
    expect(JSON.parse(handshake.slice(1))).toMatchObject({ pingInterval: 25_000 });
    expect(DEFAULT_PRINT_TIMINGS.takeoverAfterMs + DEFAULT_PRINT_TIMINGS.watchEveryMs).toBeLessThanOrEqual(35_000);
  });
});

describe('a fallback printer', () => {
  test.override('t', async ({ startApp, dataDir }) => startApp({ dataDir, printTimings: FALLBACK_PRINTING }));

  test('takes over once the last board is silent for the grace, prints the open tickets once, then each new one, until a board is back', async ({
    t,
    printer,
    menu,
  }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'], 'fallback')]);
    // Between the board and the server: a relay whose traffic stops both ways, and nobody is told.
    const relay = await holdingProxy(t.url);
    const clients: SioClient[] = [];
    try {
      clients.push(await sioIn(relay.url, 'hot board', t.tokens.chef, ['station:hot']));
      // The pass's screen is no board of the hot station.
      clients.push(await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor', 'station:cold']));
      const open = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 1 });
      const ready = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 2 });
      await t.inject({ method: 'PATCH', url: `/orders/${ready.id}/tickets/hot`, as: 'chef', payload: { status: 'In Progress' } });
      await t.inject({ method: 'PATCH', url: `/orders/${ready.id}/tickets/hot`, as: 'chef', payload: { status: 'Ready' } });
      // Silent on the clock, but the board is live: nothing.
      await pause(LOOKS);
      expect(printer.chits).toHaveLength(0);

      // Its last answer, just before the network drops (as its heartbeat would give).
      await clients[0]!.subscribe(['station:hot']);
      relay.hold();
      // Some seconds short of the grace (a busy machine's real time passes on the clock too).
      t.clock.advance(GRACE - 5000);
      await pause(LOOKS);
      expect(printer.chits).toHaveLength(0);
      expect(await takenOver(t)).toEqual([]);
      t.clock.advance(5000);
      // The open ticket once; the one already Ready is not the cooks' business any more.
      expect((await printed(printer, 1)).map(orderLine)).toEqual([`Order ${open.id}`]);
      expect(await takenOver(t)).toEqual(['hot']);

      const during = await placeOrder(t, [menu.steak.id, menu.salad.id], 'expeditor', { table_number: 3 });
      expect((await printed(printer, 2)).map(orderLine)).toEqual([`Order ${open.id}`, `Order ${during.id}`]);

      clients.push(await sioIn(t.url, 'hot board again', t.tokens.chef, ['station:hot']));
      await vi.waitFor(async () => expect(await takenOver(t)).toEqual([]), { timeout: 5000, interval: 20 });
      await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 4 });
      await pause(LOOKS);
      expect(printer.chits).toHaveLength(2);
    } finally {
      for (const client of clients) client.close();
      await relay.close();
    }
  });

  test('with two instances on one store: a board on either counts, the takeover prints each chit once, a board back on the other ends it', async ({
    t,
    startTwin,
    printer,
    menu,
  }) => {
    const twin = await startTwin({ printTimings: FALLBACK_PRINTING });
    await setPrinters(t, [onPrinter(printer, ['hot'], 'fallback')]);
    const relay = await holdingProxy(twin.url);
    const clients: SioClient[] = [];
    try {
      // The hot board is on the twin; orders come in through the first instance, which has no board.
      clients.push(await sioIn(relay.url, 'hot board on the twin', t.tokens.chef, ['station:hot']));
      const open = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 1 });
      // The first instance watches past the grace while the board answers the twin (as a board's
      // own heartbeat does): only the twin's record of it keeps the first quiet.
      for (const step of [GRACE / 2, GRACE / 2 + 1000]) {
        t.clock.advance(step);
        await clients[0]!.subscribe(['station:hot']);
        await pause(LOOKS);
      }
      expect(printer.chits).toHaveLength(0);
      expect(await takenOver(t)).toEqual([]);
      expect(await takenOver(twin)).toEqual([]);

      relay.hold();
      t.clock.advance(GRACE);
      expect((await printed(printer, 1)).map(orderLine)).toEqual([`Order ${open.id}`]);
      await vi.waitFor(async () => expect([await takenOver(t), await takenOver(twin)]).toEqual([['hot'], ['hot']]), { timeout: 2000 });
      // Both instances hear the order's change: one chit.
      const during = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 2 });
      expect((await printed(printer, 2)).map(orderLine)).toEqual([`Order ${open.id}`, `Order ${during.id}`]);

      clients.push(await sioIn(t.url, 'hot board back, on the first', t.tokens.chef, ['station:hot']));
      await vi.waitFor(async () => expect([await takenOver(t), await takenOver(twin)]).toEqual([[], []]), { timeout: 5000, interval: 20 });
      await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 3 });
      await pause(LOOKS);
      expect(printer.chits).toHaveLength(2);
      expect(await t.store.collection('station_takeovers').find([])).toEqual([]);
    } finally {
      for (const client of clients) client.close();
      await relay.close();
    }
  });

  test('keeps its takeover across a restart: new tickets print at once, the open ones not again', async ({
    t,
    printer,
    menu,
    dataDir,
    startApp,
  }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'], 'fallback')]);
    const open = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 1 });
    // No board at all: the grace after the printer came (once the server has looked), then the open ticket.
    await pause(LOOKS);
    t.clock.advance(GRACE);
    expect((await printed(printer, 1)).map(orderLine)).toEqual([`Order ${open.id}`]);
    const { tokens, clock } = t;
    await t.close();

    const restarted = await startApp({ dataDir, clock, withoutUsers: true, printTimings: FALLBACK_PRINTING });
    const as = { authorization: `Bearer ${tokens.expeditor}` };
    expect((await restarted.inject({ method: 'GET', url: '/printers', headers: as })).json()[0].taken_over).toEqual(['hot']);
    const placed = await restarted.inject({
      method: 'POST',
      url: '/orders',
      headers: as,
      payload: { name: 'Later', dish_ids: [menu.steak.id], table_number: 2 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // The takeover carried on (a new one would print the open ticket again, under its own name).
    expect((await printed(printer, 2)).map(orderLine)).toEqual([`Order ${open.id}`, `Order ${placed.json().id}`]);
    clock.advance(GRACE);
    await pause(LOOKS);
    expect(printer.chits).toHaveLength(2);

    const board = await sioIn(restarted.url, 'hot board', tokens.chef, ['station:hot']);
    try {
      await vi.waitFor(
        async () => expect((await restarted.inject({ method: 'GET', url: '/printers', headers: as })).json()[0].taken_over).toEqual([]),
        { timeout: 5000, interval: 20 },
      );
    } finally {
      board.close();
    }
  });
});
