// An `always` printer: every ticket of its stations prints when it fires (allergy line first, the
// table in large type, then the dishes, the order's id and fire time, a cut), again marked NEW or
// VOID when it changes, and only its own stations' tickets.
import { describe, expect } from 'vitest';
import { addDish, addIngredient, placeOrder } from '../../helpers/menu.js';
import { onPrinter, printed, setPrinters, test } from './fixtures.js';

const RULE = '─'.repeat(42);
const hhmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', day: '2-digit', month: 'short' }).format(
    new Date(iso),
  );

describe('an always printer', () => {
  test('prints every fired ticket of its stations, decoded, the allergy line first', async ({ t, printer, menu }) => {
    await setPrinters(t, [onPrinter(printer, ['hot'])]);
    const peanuts = await addIngredient(t, 'Peanut sauce', 20);
    await t.inject({ method: 'PATCH', url: `/ingredients/${peanuts.id}`, as: 'chef', payload: { allergens: ['peanuts'] } });
    const satay = await addDish(t, { name: 'Satay', station: 'hot', ingredients: [{ ingredient_id: peanuts.id, is_essential: true }] });

    const first = await placeOrder(t, [menu.steak.id, menu.steak.id, menu.salad.id], 'patron', { table_number: 12 });
    const second = await placeOrder(t, [satay.id, menu.lemonade.id], 'expeditor', {
      name: 'Ann',
      table_number: null,
      allergies: ['peanuts'],
      allergy_confirmed: true,
    });
    await placeOrder(t, [menu.salad.id], 'patron');

    const chits = await printed(printer, 2);
    const fired = (order: typeof first) => order.tickets.find((ticket) => ticket.station === 'hot')!.fired_at!;
    expect(chits).toEqual([
      ['Table 12', 'HOT', RULE, '2 x Steak', RULE, `Order ${first.id}`, `Fired ${hhmm(fired(first))}`],
      ['ALLERGY Satay: peanuts', 'Ann', 'HOT', RULE, '1 x Satay', RULE, `Order ${second.id}`, `Fired ${hhmm(fired(second))}`],
    ]);
    expect(printer.chits[1]!.lines[0]).toEqual({ text: 'ALLERGY Satay: peanuts', large: false, inverted: true });
    expect(printer.chits[1]!.lines[1]).toEqual({ text: 'Ann', large: true, inverted: false });
  });

  test('prints a change of a fired ticket marked NEW or VOID, and the void of a deleted order', async ({ t, printer, menu }) => {
    await setPrinters(t, [onPrinter(printer, ['hot', 'cold'])]);
    const order = await placeOrder(t, [menu.steak.id], 'expeditor');
    await printed(printer, 1);
    const added = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'expeditor',
      payload: { dish_ids: [menu.steak.id, menu.steak.id, menu.salad.id] },
    });
    expect(added.statusCode).toBe(200);
    const chits = await printed(printer, 3);
    // The hot ticket got a second steak (NEW); the cold station is new to the order: its ticket fires.
    expect(chits.slice(1).map((lines) => lines.slice(0, 4))).toEqual(
      expect.arrayContaining([
        ['** NEW **', 'Table 4', 'HOT', RULE],
        ['Table 4', 'COLD', RULE, '1 x Green Salad'],
      ]),
    );
    expect(chits.find((lines) => lines[0] === '** NEW **')).toContain('1 x Steak');

    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'expeditor' })).statusCode).toBe(204);
    const after = await printed(printer, 5);
    expect(after.slice(3).map((lines) => lines.slice(0, 3))).toEqual(
      expect.arrayContaining([
        ['** VOID **', 'Table 4', 'HOT'],
        ['** VOID **', 'Table 4', 'COLD'],
      ]),
    );
  });
});
