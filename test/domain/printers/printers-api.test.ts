// settings.printers (ids assigned, defaults, 400s naming the field), GET /printers (staff only),
// a reprint marked REPRINT and a manager's test chit.
import { describe, expect } from 'vitest';
import { expectInvalid, expectProblem } from '../../server/api/support.js';
import { placeOrder } from '../../helpers/menu.js';
import { onPrinter, printed, setPrinters, test } from './fixtures.js';

const printerInput = { name: 'Pass', host: 'printer-1.local', stations: ['hot'], mode: 'always' };

describe('settings.printers', () => {
  test('assigns ids, fills port 9100 and 42 columns, keeps given ids', async ({ t }) => {
    const given = 'a'.repeat(24);
    const stored = await setPrinters(t, [
      printerInput as never,
      { id: given, name: 'Bar', host: '10.0.0.7', port: 9101, stations: ['beverages', 'cold'], mode: 'fallback', columns: 32 },
    ]);
    expect(stored).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Pass',
        host: 'printer-1.local',
        port: 9100,
        stations: ['hot'],
        mode: 'always',
        columns: 42,
      },
      { id: given, name: 'Bar', host: '10.0.0.7', port: 9101, stations: ['beverages', 'cold'], mode: 'fallback', columns: 32 },
    ]);
    const again = await setPrinters(t, stored);
    expect(again).toEqual(stored);
    expect((await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json().printers).toEqual(stored);
  });

  test.for([
    [{ ...printerInput, port: 0 }, [{ path: 'printers.0.port', message: 'must be >= 1' }]],
    [{ ...printerInput, port: 65536 }, [{ path: 'printers.0.port', message: 'must be <= 65535' }]],
    [{ ...printerInput, stations: ['grill'] }, [{ path: 'printers.0.stations.0', message: 'must be one of: cold, hot, beverages' }]],
    [{ ...printerInput, stations: [] }, [{ path: 'printers.0.stations', message: 'must NOT have fewer than 1 items' }]],
    [{ ...printerInput, mode: 'sometimes' }, [{ path: 'printers.0.mode', message: 'must be one of: always, fallback' }]],
    [{ ...printerInput, columns: 80 }, [{ path: 'printers.0.columns', message: 'must be <= 64' }]],
    [{ ...printerInput, colour: 'red' }, [{ path: 'printers.0.colour', message: 'is not a known property' }]],
  ] as const)('refuses a printer %j with a 400 naming the field', async ([printer, errors], { t }) => {
    const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { printers: [printer] } });
    expectInvalid(response, 'body', [...errors]);
    expect((await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json().printers).toEqual([]);
  });

  test('refuses 21 printers, a host that is no address, and one id given twice', async ({ t }) => {
    const many = Array.from({ length: 21 }, (_, n) => ({ ...printerInput, name: `P${n}` }));
    const tooMany = await t.inject({ method: 'PUT', url: '/settings', as: 'manager', payload: { printers: many } });
    expectInvalid(tooMany, 'body', [{ path: 'printers', message: 'must NOT have more than 20 items' }]);
    const badHost = await t.inject({
      method: 'PATCH',
      url: '/settings',
      as: 'manager',
      payload: { printers: [{ ...printerInput, host: 'a b/c' }] },
    });
    expectInvalid(badHost, 'body', [{ path: 'printers.0.host', message: 'must be a host name or an IP address (such as 192.168.1.50)' }]);
    const id = 'b'.repeat(24);
    const twice = await t.inject({
      method: 'PATCH',
      url: '/settings',
      as: 'manager',
      payload: {
        printers: [
          { ...printerInput, id },
          { ...printerInput, id },
        ],
      },
    });
    expectInvalid(twice, 'body', [{ path: 'printers.1.id', message: `is given to more than one printer (${id})` }]);
  });
});

describe('GET /printers', () => {
  test('lists each printer with its state to the kitchen staff only', async ({ t, printer }) => {
    const [stored] = await setPrinters(t, [onPrinter(printer, ['cold'])]);
    await expect
      .poll(async () => (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json(), { timeout: 5000 })
      .toEqual([{ ...stored, state: 'ok', last_error: null, checked_at: expect.any(String), jobs_waiting: 0, taken_over: [] }]);
    expect((await t.inject({ method: 'GET', url: '/printers', as: 'patron' })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/printers' })).statusCode).toBe(401);
  });
});

describe('reprint and test chit', () => {
  test("reprints a station's fired ticket marked REPRINT, to chefs, expeditors and managers", async ({ t, printer, menu }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'])]);
    const order = await placeOrder(t, [menu.steak.id, menu.salad.id], 'expeditor', { table_number: 9 });
    await printed(printer, 1);
    const response = await t.inject({ method: 'POST', url: `/orders/${order.id}/tickets/hot/print`, as: 'chef' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ jobs: [{ id: expect.stringMatching(/^[0-9a-f]{24}$/), printer_id: expect.any(String) }] });
    const chits = await printed(printer, 2);
    expect(chits[1]!.slice(0, 4)).toEqual(['** REPRINT **', 'Table 9', 'HOT', '─'.repeat(42)]);
    expect(chits[1]).toContain('1 x Steak');

    // A retried reprint (the same Idempotency-Key) is answered again and prints nothing more.
    const keyed = {
      method: 'POST' as const,
      url: `/orders/${order.id}/tickets/hot/print`,
      as: 'expeditor' as const,
      headers: { 'idempotency-key': 'reprint-1' },
    };
    const once = await t.inject(keyed);
    const again = await t.inject(keyed);
    expect(once.statusCode).toBe(202);
    expect({ status: again.statusCode, body: again.json(), replayed: again.headers['idempotent-replayed'] }).toEqual({
      status: 202,
      body: once.json(),
      replayed: 'true',
    });
    expect(await printed(printer, 3)).toHaveLength(3);

    expect((await t.inject({ method: 'POST', url: `/orders/${order.id}/tickets/hot/print`, as: 'patron' })).statusCode).toBe(403);
    expectProblem(
      await t.inject({ method: 'POST', url: `/orders/${order.id}/tickets/beverages/print`, as: 'chef' }),
      404,
      `Order ${order.id} has no beverages ticket.`,
    );
    expectProblem(
      await t.inject({ method: 'POST', url: `/orders/${order.id}/tickets/cold/print`, as: 'chef' }),
      409,
      'No printer prints the cold station: add one in the settings (printers).',
    );
    expectProblem(
      await t.inject({ method: 'POST', url: `/orders/${'c'.repeat(24)}/tickets/hot/print`, as: 'chef' }),
      404,
      `No order with id ${'c'.repeat(24)}.`,
    );
  });

  test('a manager prints a test chit', async ({ t, printer }) => {
    const [stored] = await setPrinters(t, [{ ...onPrinter(printer, ['hot', 'cold']), name: 'Hot line' }]);
    const response = await t.inject({ method: 'POST', url: `/printers/${stored!.id}/test`, as: 'manager' });
    expect(response.statusCode).toBe(202);
    const [chit] = await printed(printer, 1);
    expect(chit!.slice(0, 2)).toEqual(['** TEST **', 'Hot line']);
    expect(chit!.join(' ')).toContain(`Test chit for hot, cold at 127.0.0.1:${printer.port}. If you can read this, the printer works.`);
    expect((await t.inject({ method: 'POST', url: `/printers/${stored!.id}/test`, as: 'chef' })).statusCode).toBe(403);
    expectProblem(
      await t.inject({ method: 'POST', url: `/printers/${'d'.repeat(24)}/test`, as: 'manager' }),
      404,
      `No printer with id ${'d'.repeat(24)} in the settings.`,
    );
  });
});
