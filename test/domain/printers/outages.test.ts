// A printer that is unplugged, stalls, drops the line mid-chit or runs out of paper: its chits wait
// in the store and print afterwards, in the order they were made, none twice; a restart of the
// server in between loses none. GET /printers says how each printer is.
import { describe, expect, vi } from 'vitest';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { onPrinter, printed, QUICK_PRINTING, setPrinters, test } from './fixtures.js';

const headings = (chits: string[][]) => chits.map((lines) => lines.find((line) => line.startsWith('Order '))!);

describe('a printer that is away', () => {
  test('unplugged, then back: every job prints afterwards, in order, none twice', async ({ t, printer, menu }) => {
    const [stored] = await setPrinters(t, [onPrinter(printer, ['hot'])]);
    await printer.behave('refuse');
    const orders = [];
    for (let n = 0; n < 6; n++) orders.push(await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: n + 1 }));
    await vi.waitFor(
      async () => {
        const [status] = (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json();
        expect(status).toMatchObject({ id: stored!.id, state: 'unreachable', jobs_waiting: 6, taken_over: [] });
        expect(status.last_error).toMatch(/^cannot connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/);
      },
      { timeout: 5000, interval: 50 },
    );
    // Retried with back-off meanwhile: many attempts, no chit.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(printer.chits).toHaveLength(0);

    await printer.behave('ok');
    const chits = await printed(printer, 6);
    expect(headings(chits)).toEqual(orders.map((order) => `Order ${order.id}`));
    const [status] = (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json();
    expect(status).toMatchObject({ state: 'ok', last_error: null, jobs_waiting: 0 });
  });

  test('a line dropped mid-chit, or a printer that stalls: the chit prints whole once it answers', async ({ t, printer, menu }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'])]);
    await printer.behave('close-mid-job');
    const first = await placeOrder(t, [menu.steak.id], 'expeditor');
    await vi.waitFor(() => expect(printer.torn.length).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 20 });
    await printer.behave('stall');
    const second = await placeOrder(t, [menu.steak.id], 'expeditor');
    await new Promise((resolve) => setTimeout(resolve, QUICK_PRINTING.answerMs + 200));
    expect(printer.chits).toHaveLength(0);
    await printer.behave('ok');
    expect(headings(await printed(printer, 2))).toEqual([`Order ${first.id}`, `Order ${second.id}`]);
  });

  test("an order's request does not wait for a stalled printer: it answers while the chit still waits", async ({ startApp, printer }) => {
    const t = await startApp({ printTimings: { ...QUICK_PRINTING, answerMs: 10_000 } });
    const menu = await seedMenu(t);
    await setPrinters(t, [onPrinter(printer, ['hot'])]);
    await printer.behave('stall');
    const connections = printer.connections;
    const waiting = async () => (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json()[0].jobs_waiting;
    await placeOrder(t, [menu.steak.id], 'expeditor');
    await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 5000, interval: 20 });
    // The worker is stuck on the stalled printer: it took a connection and never answers (10 s).
    await vi.waitFor(() => expect(printer.connections).toBeGreaterThan(connections), { timeout: 5000, interval: 20 });
    const next = await placeOrder(t, [menu.steak.id], 'expeditor');
    expect(next.status).toBe('Received');
    await vi.waitFor(async () => expect(await waiting()).toBe(2), { timeout: 5000, interval: 20 });
    expect(printer.chits).toHaveLength(0);
  });

  test('out of paper: says so, sends nothing, and prints once the paper is in', async ({ t, printer, menu }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'])]);
    await printer.behave('paper-out');
    const order = await placeOrder(t, [menu.steak.id], 'expeditor');
    await vi.waitFor(
      async () =>
        expect((await t.inject({ method: 'GET', url: '/printers', as: 'manager' })).json()[0]).toMatchObject({
          state: 'paper_out',
          last_error: 'the paper has run out',
          jobs_waiting: 1,
        }),
      { timeout: 5000, interval: 50 },
    );
    await printer.behave('ok');
    expect(headings(await printed(printer, 1))).toEqual([`Order ${order.id}`]);
  });
});

describe('a restart', () => {
  test('between a job made and printed: it prints after the restart, once', async ({ printer, dataDir, startApp }) => {
    const first = await startApp({ dataDir, printTimings: QUICK_PRINTING });
    const menu = await seedMenu(first);
    await setPrinters(first, [onPrinter(printer, ['hot'])]);
    await printer.behave('refuse');
    const order = await placeOrder(first, [menu.steak.id], 'expeditor');
    await vi.waitFor(async () => expect(await first.store.collection('print_jobs').find([])).toHaveLength(1), { timeout: 5000 });
    await first.close();

    await printer.behave('ok');
    const reopened = await startApp({ dataDir, withoutUsers: true, printTimings: QUICK_PRINTING });
    expect(headings(await printed(printer, 1))).toEqual([`Order ${order.id}`]);
    const [job] = await reopened.store.collection('print_jobs').find([]);
    expect(job).toMatchObject({ status: 'printed', attempts: expect.any(Number) });
  });

  test('between an order committed and its job made: the start catches up, once', async ({ printer, dataDir, startApp }) => {
    const first = await startApp({ dataDir, printTimings: QUICK_PRINTING });
    const menu = await seedMenu(first);
    await setPrinters(first, [onPrinter(printer, ['hot'])]);
    const before = await placeOrder(first, [menu.steak.id], 'expeditor');
    await printed(printer, 1);
    // The server stops; an order committed just before had no time to make its job (its change is
    // written here, as the server would have, with no spool listening).
    await first.app.close();
    const template = (await first.store.collection('orders').get(before.id))!;
    const { id: _id, created_at: _c, updated_at: _u, ...fields } = template;
    const now = new Date().toISOString();
    const crashed = await first.store
      .collection('orders')
      .insert({ ...fields, name: 'Late', tickets: fields.tickets.map((ticket) => ({ ...ticket, fired_at: now })) });
    await first.store.close();

    await startApp({ dataDir, withoutUsers: true, printTimings: QUICK_PRINTING });
    expect(headings(await printed(printer, 2))).toEqual([`Order ${before.id}`, `Order ${crashed.id}`]);
  });
});
