// A `fallback` printer: silent while a board of its station is live; when the last one has been
// silent 30 s (its network dropped: no close, its heartbeat answers just stop), the station's open
// tickets print once, then each ticket that fires, until a board is back. Real timings: the
// server's own heartbeat and the 30 s grace.
import { describe, expect, vi } from 'vitest';
import { placeOrder } from '../../helpers/menu.js';
import { sioIn } from '../../realtime/helpers/clients.js';
import { holdingProxy } from '../../web/proxy.js';
import type { TestApp } from '../../helpers/app.js';
import { onPrinter, printed, setPrinters, test } from './fixtures.js';

const orderLine = (chit: string[]) => chit.find((line) => line.startsWith('Order '));
const takenOver = async (t: TestApp) => (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json()[0].taken_over;

describe('a fallback printer', () => {
  test(
    'takes over 30 s after the last board went silent, prints the open tickets once, then each new one, until a board is back',
    {
      timeout: 90_000,
    },
    async ({ t, printer, menu }) => {
      await setPrinters(t, [onPrinter(printer, ['hot'], 'fallback')]);
      // Between the board and the server: a relay whose traffic stops both ways, and nobody is told.
      const relay = await holdingProxy(t.url);
      const board = await sioIn(relay.url, 'hot board', t.tokens.chef, ['station:hot']);
      // The pass's screen is no board of the hot station.
      const pass = await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor', 'station:cold']);
      const back = [];
      try {
        const open = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 1 });
        const ready = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 2 });
        await t.inject({ method: 'PATCH', url: `/orders/${ready.id}/tickets/hot`, as: 'chef', payload: { status: 'In Progress' } });
        await t.inject({ method: 'PATCH', url: `/orders/${ready.id}/tickets/hot`, as: 'chef', payload: { status: 'Ready' } });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(printer.chits).toHaveLength(0);

        relay.hold();
        const droppedAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 25_000));
        expect(printer.chits).toHaveLength(0);
        expect(await takenOver(t)).toEqual([]);
        await vi.waitFor(() => expect(printer.chits.length).toBeGreaterThan(0), {
          timeout: 35_000 - (Date.now() - droppedAt),
          interval: 50,
        });
        expect(Date.now() - droppedAt).toBeLessThanOrEqual(35_000);
        // The open ticket once; the one already Ready is not the cooks' business any more.
        expect((await printed(printer, 1)).map(orderLine)).toEqual([`Order ${open.id}`]);
        expect(await takenOver(t)).toEqual(['hot']);

        const during = await placeOrder(t, [menu.steak.id, menu.salad.id], 'expeditor', { table_number: 3 });
        expect((await printed(printer, 2)).map(orderLine)).toEqual([`Order ${open.id}`, `Order ${during.id}`]);

        back.push(await sioIn(t.url, 'hot board again', t.tokens.chef, ['station:hot']));
        await vi.waitFor(async () => expect(await takenOver(t)).toEqual([]), { timeout: 5000, interval: 50 });
        await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 4 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(printer.chits).toHaveLength(2);
      } finally {
        for (const client of [board, pass, ...back]) client.close();
        await relay.close();
      }
    },
  );
});
