// Orders made of items: dishes' modifier groups and recipe quantities, items with options, seats and
// notes, dish_ids as a view of them, stock with quantities, removals and additions, and allergies by
// seat (contract: "Order items").
import { describe, expect } from 'vitest';
import type { Dish } from '../../../models/dish.js';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addBurger, addIngredient } from '../../helpers/menu.js';
import { expectProblem } from '../../server/api/support.js';

// Each test builds its own burger kitchen and orders, and shares one app for the file; a test that
// counts every order, or reads a quote from an empty kitchen, starts a fresh app of its own (`fresh`).
let t: TestApp;
fileScene(
  async (app) => app,
  (app) => (t = app),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
}

const stockOf = async (id: string): Promise<number> => (await t.inject({ method: 'GET', url: `/ingredients/${id}` })).json().in_stock_qty;
const post = (url: string, payload: object, as: 'patron' | 'chef' | 'manager' = 'patron') => t.inject({ method: 'POST', url, as, payload });
const orderOf = async (id: string): Promise<Order> => (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json();

/** The burger (test/helpers/menu.ts) with 20 buns, beef and onions and 3 cheeses, and fries (a potato, of 50). */
async function burgerKitchen() {
  const burger = await addBurger(t, { bun: 20, beef: 20, onion: 20, cheese: 3 });
  const potato = await addIngredient(t, 'Potato', 50);
  const fries = (
    await post(
      '/dishes',
      {
        name: 'Fries',
        description: 'Fries.',
        category: 'Main Course',
        image_name: 'fries',
        preparation_time: 6,
        price: 4,
        station: 'hot',
        ingredients: [{ ingredient_id: potato.id, is_essential: true }],
      },
      'chef',
    )
  ).json<Dish>();
  return { ...burger, potato, fries };
}

describe('modifier groups on dishes', () => {
  it('assigns ids and defaults, keeps them on a PUT that omits the groups, and divides portions by the recipe quantity', async () => {
    const { burger, beef } = await burgerKitchen();
    expect(burger.modifier_groups.map((group) => [group.name, group.min, group.max, group.options.length])).toStrictEqual([
      ['Doneness', 1, 1, 2],
      ['Changes', 0, 3, 2],
    ]);
    expect(burger.modifier_groups[0]!.options[1]).toStrictEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Well done',
      price_delta: 0,
      minutes_delta: 3,
    });
    // Beef: 20 units, two per burger.
    expect(burger.portions_left).toBe(10);
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      is_available: _a,
      portions_left: _p,
      allergens: _g,
      modifier_groups: _m,
      ...fields
    } = burger;
    const put = await t.inject({ method: 'PUT', url: `/dishes/${burger.id}`, as: 'chef', payload: { ...fields, price: 15 } });
    expect(put.json<Dish>().modifier_groups).toStrictEqual(burger.modifier_groups);
    expect(beef.id).toBeDefined();
  });

  it('refuses a group whose max is below its min, a removal of an ingredient the dish lacks, and an action without ingredient (400)', async () => {
    const { burger, cheese } = await burgerKitchen();
    const patch = (modifier_groups: object[]) =>
      t.inject({ method: 'PATCH', url: `/dishes/${burger.id}`, as: 'chef', payload: { modifier_groups } });
    expectProblem(
      await patch([{ name: 'Sides', min: 2, max: 1, options: [{ name: 'Salad' }] }]),
      400,
      'modifier_groups.0.max must be at least min (2).',
      {
        errors: [{ path: 'modifier_groups.0.max', message: 'must be at least min (2)' }],
      },
    );
    const removal = await patch([{ name: 'Changes', options: [{ name: 'No cheese', ingredient_id: cheese.id, action: 'remove' }] }]);
    expect([removal.statusCode, removal.json().errors[0].path]).toStrictEqual([400, 'modifier_groups.0.options.0.ingredient_id']);
    const bare = await patch([{ name: 'Changes', options: [{ name: 'No cheese', action: 'remove' }] }]);
    expect([bare.statusCode, bare.json().errors[0].path]).toStrictEqual([400, 'modifier_groups.0.options.0.action']);
    const tooFast = await patch([{ name: 'Speed', options: [{ name: 'Raw', minutes_delta: -12 }] }]);
    expect([tooFast.statusCode, tooFast.json().errors[0].path]).toStrictEqual([400, 'modifier_groups.0.options.0.minutes_delta']);
  });
});

describe('items on orders', () => {
  it('prices, times and marks each item with its options, and shows dish_ids and the total as views of them', async () => {
    const k = await burgerKitchen();
    const response = await post('/orders', {
      name: 'Table4',
      table_number: 4,
      items: [
        { dish_id: k.burger.id, quantity: 2, seat: 3, option_ids: [k.wellDone, k.noOnions, k.extraCheese], note: 'Cut in half' },
        { dish_id: k.fries.id },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order.items.map(({ id: _id, ...item }) => item)).toStrictEqual([
      {
        dish_id: k.burger.id,
        quantity: 2,
        seat: 3,
        option_ids: [k.wellDone, k.noOnions, k.extraCheese],
        note: 'Cut in half',
        course: 1,
        name: 'Burger',
        price: 15.5,
        minutes: 15,
        // No onions: their sulphites are gone; extra cheese brings milk.
        allergens: ['cereals_gluten', 'milk'],
        modifiers: [
          { id: k.wellDone, group: 'Doneness', name: 'Well done', action: null },
          { id: k.noOnions, group: 'Changes', name: 'No onions', action: 'remove' },
          { id: k.extraCheese, group: 'Changes', name: 'Extra cheese', action: 'add' },
        ],
        status: 'Active',
      },
      {
        dish_id: k.fries.id,
        quantity: 1,
        seat: null,
        option_ids: [],
        note: null,
        course: 1,
        name: 'Fries',
        price: 4,
        minutes: 6,
        allergens: [],
        modifiers: [],
        status: 'Active',
      },
    ]);
    expect([order.dish_ids, order.total]).toStrictEqual([[k.burger.id, k.burger.id, k.fries.id], 35]);
    expect(order.tickets[0]!.items.map((entry) => [entry.item_id, entry.quantity, entry.seat, entry.note, entry.status])).toStrictEqual([
      [order.items[0]!.id, 2, 3, 'Cut in half', 'Received'],
      [order.items[1]!.id, 1, null, null, 'Received'],
    ]);
    // Stock: 2 burgers take 2 buns, 4 beef, no onions, 2 cheese; fries one potato.
    expect([
      await stockOf(k.bun.id),
      await stockOf(k.beef.id),
      await stockOf(k.onion.id),
      await stockOf(k.cheese.id),
      await stockOf(k.potato.id),
    ]).toStrictEqual([18, 16, 20, 1, 49]);
  });

  it('refuses both dish_ids and items, neither, a required choice left out, an unknown option and over 100 units (400), changing nothing', async ({
    startApp,
  }) => {
    await fresh(startApp);
    const k = await burgerKitchen();
    expectProblem(
      await post('/orders', { name: 'A', dish_ids: [k.fries.id], items: [{ dish_id: k.fries.id }] }),
      400,
      'Send either dish_ids or items, not both: they are two views of one list.',
      {
        errors: [{ path: 'items', message: 'send dish_ids or items, not both' }],
      },
    );
    expectProblem(await post('/orders', { name: 'A' }), 400, 'An order needs dishes: send dish_ids, or items.', {
      errors: [{ path: 'items', message: 'required: dish_ids or items' }],
    });
    expectProblem(
      await post('/orders', { name: 'A', items: [{ dish_id: k.burger.id }] }),
      400,
      `Dish "Burger" (${k.burger.id}): choose 1 of "Doneness" (0 chosen).`,
      {
        errors: [{ path: 'items.0.option_ids', message: 'group "Doneness" takes 1 options, 0 chosen' }],
      },
    );
    const both = await post('/orders', { name: 'A', items: [{ dish_id: k.burger.id, option_ids: [k.medium, k.wellDone] }] });
    expect(both.json().detail).toBe(`Dish "Burger" (${k.burger.id}): choose 1 of "Doneness" (2 chosen).`);
    const unknown = await post('/orders', { name: 'A', items: [{ dish_id: k.fries.id, option_ids: [k.medium] }] });
    expect([unknown.statusCode, unknown.json().detail]).toStrictEqual([400, `Dish "Fries" (${k.fries.id}) has no option ${k.medium}.`]);
    const many = await post('/orders', {
      name: 'A',
      items: [
        { dish_id: k.fries.id, quantity: 60 },
        { dish_id: k.fries.id, quantity: 41 },
      ],
    });
    expect([many.statusCode, many.json().detail]).toStrictEqual([400, 'An order holds at most 100 units; this one would hold 101.']);
    const course = await post('/orders', { name: 'A', items: [{ dish_id: k.fries.id, course: 2 }] });
    expect([course.statusCode, course.json().errors[0].path]).toStrictEqual([400, 'items.0.course']);
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'manager' })).json().total_results).toBe(0);
    expect(await stockOf(k.potato.id)).toBe(50);
  });

  it('refuses an added ingredient that ran out, naming the dish and the option (409), taking nothing', async () => {
    const k = await burgerKitchen();
    const refused = await post('/orders', {
      name: 'A',
      items: [{ dish_id: k.burger.id, quantity: 4, option_ids: [k.medium, k.extraCheese] }],
    });
    expectProblem(
      refused,
      409,
      `Dish "Burger" (${k.burger.id}) cannot be made with "Extra cheese" (${k.extraCheese}): its added ingredient ` +
        `"Cheese" (${k.cheese.id}) has 3 in stock and the order needs 4.`,
    );
    expect([await stockOf(k.beef.id), await stockOf(k.cheese.id)]).toStrictEqual([20, 3]);
  });

  it('never oversells under concurrency: with 10 portions of beef, at most 10 burgers are placed', async () => {
    const k = await burgerKitchen();
    const placed = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/orders', { name: 'A', items: [{ dish_id: k.burger.id, quantity: 2, option_ids: [k.medium] }] }),
      ),
    );
    expect(placed.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(placed.filter((response) => response.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(k.beef.id)).toBe(0);
  });
});

describe('dish_ids and items on PUT and PATCH', () => {
  it('changes nothing when dish_ids is sent back, and keeps the earliest items with their options for a different one', async () => {
    const k = await burgerKitchen();
    const order = (
      await post('/orders', {
        name: 'A',
        items: [
          { dish_id: k.burger.id, seat: 1, option_ids: [k.wellDone, k.noOnions] },
          { dish_id: k.burger.id, seat: 2, option_ids: [k.medium] },
          { dish_id: k.fries.id },
        ],
      })
    ).json<Order>();
    const same = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: order.dish_ids, priority: 3 },
    });
    expect(same.json<Order>().items).toStrictEqual(order.items);
    // One burger less, two fries more: the seat-1 burger stays, the seat-2 one goes, new fries come as new items.
    const changed = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [k.burger.id, k.fries.id, k.fries.id, k.fries.id] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const items = changed.json<Order>().items;
    expect(items.slice(0, 2)).toStrictEqual([order.items[0], order.items[2]]);
    expect(items.slice(2).map((item) => [item.dish_id, item.quantity, item.option_ids])).toStrictEqual([
      [k.fries.id, 1, []],
      [k.fries.id, 1, []],
    ]);
    expect(changed.json<Order>().dish_ids).toStrictEqual([k.burger.id, k.fries.id, k.fries.id, k.fries.id]);
    expect(await stockOf(k.potato.id)).toBe(47);
    expect(await stockOf(k.beef.id)).toBe(18);
  });

  it('replaces the list with items: an id updates that item, none is new, one not listed goes', async () => {
    const k = await burgerKitchen();
    const order = (
      await post('/orders', { name: 'A', items: [{ dish_id: k.burger.id, option_ids: [k.medium] }, { dish_id: k.fries.id }] })
    ).json<Order>();
    const [burger] = order.items;
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: {
        items: [
          { id: burger!.id, dish_id: k.burger.id, quantity: 2, option_ids: [k.wellDone] },
          { dish_id: k.fries.id, note: 'Extra salt' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<Order>();
    expect(changed.items.map((item) => [item.id === burger!.id, item.quantity, item.minutes, item.note])).toStrictEqual([
      [true, 2, 15, null],
      [false, 1, 6, 'Extra salt'],
    ]);
    expect(changed.items[1]!.id).not.toBe(order.items[1]!.id);
    expect(changed.total).toBe(32);
    // The ticket had fired: the fries taken off stay on it struck through, never gone in silence.
    expect(changed.tickets[0]!.items.map((entry) => [entry.item_id, entry.status])).toStrictEqual([
      [burger!.id, 'Received'],
      [order.items[1]!.id, 'Voided'],
      [changed.items[1]!.id, 'Received'],
    ]);
    const unknown = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { items: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', dish_id: k.fries.id }] },
    });
    expect([unknown.statusCode, unknown.json().errors[0].path]).toStrictEqual([400, 'items.0.id']);
  });
});

describe('allergies by seat', () => {
  it("checks an item with a seat against the table's and its seat's allergies, and audits the confirmation", async () => {
    const k = await burgerKitchen();
    const payload = {
      name: 'Friday',
      table_number: 7,
      seat_allergies: [{ seat: 3, allergies: ['cereals_gluten'] }],
      items: [
        { dish_id: k.burger.id, seat: 1, option_ids: [k.medium] },
        { dish_id: k.burger.id, seat: 3, option_ids: [k.medium] },
        { dish_id: k.fries.id, seat: 3 },
      ],
    };
    const refused = await post('/orders', payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toStrictEqual([
      { path: 'items.1', message: expect.stringMatching(/^item [0-9a-f]{24} \("Burger"\) at seat 3 contains cereals_gluten$/) },
    ]);
    expect(await stockOf(k.bun.id)).toBe(20);
    const placed = await post('/orders', { ...payload, allergy_confirmed: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const seat3 = order.items[1]!;
    expect(order.tickets[0]!.allergy_alerts).toStrictEqual([
      { dish_id: k.burger.id, item_id: seat3.id, seat: 3, allergens: ['cereals_gluten'] },
    ]);
    const audit = (await t.inject({ method: 'GET', url: `/orders/${order.id}/audit`, as: 'manager' })).json();
    expect(audit.results.map((entry: { action: string }) => entry.action)).toStrictEqual(['placed', 'allergy_confirmed']);
    expect(audit.results[1].changes).toStrictEqual({
      items: [{ item_id: seat3.id, dish_id: k.burger.id, seat: 3, allergens: ['cereals_gluten'] }],
    });
    expect(audit.results[1].user_id).toBe(t.userIds.patron);
    // An item without a seat is checked against every seat's allergies.
    const shared = await post('/orders', {
      name: 'B',
      seat_allergies: [{ seat: 2, allergies: ['milk'] }],
      items: [{ dish_id: k.burger.id, option_ids: [k.medium, k.extraCheese] }],
    });
    expect(shared.statusCode).toBe(409);
    expect((await orderOf(order.id)).seat_allergies).toStrictEqual([{ seat: 3, allergies: ['cereals_gluten'] }]);
  });
});

describe("an item's minutes", () => {
  it('drive its ticket in the quote: a well-done burger is quoted its extra minutes', async ({ startApp }) => {
    await fresh(startApp);
    const k = await burgerKitchen();
    const quoted = async (option: string) => {
      const order = (await post('/orders', { name: 'A', items: [{ dish_id: k.burger.id, option_ids: [option] }] })).json<Order>();
      return Math.round((Date.parse(order.quoted_ready_at!) - Date.parse(order.created_at)) / 60_000);
    };
    // An empty kitchen with no history cooks at the menu's pace: the burger's 12 minutes and 3 for well done.
    expect(await quoted(k.wellDone)).toBe(15);
  });
});
