// The Friday table, end to end on the real server: four seats, a burger with "no onions" and its
// required doneness for the coeliac seat, the fries bumped alone, a round of beers after the drinks
// started, a side voided and a steak sent back from the expeditor, each seen on the right board.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { addIngredient } from '../helpers/menu.js';
import { BROWSER_TEST_MS, goToBoard, openBoard, orderCard, signIn, ticketParts } from './browser.js';
import { it } from './fixtures.js';

interface Dish {
  id: string;
  modifier_groups: { name: string; options: { id: string; name: string }[] }[];
}
interface Item {
  id: string;
  name: string;
  seat: number | null;
}
interface Order {
  id: string;
  items: Item[];
  tickets: { station: string; status: string; round: number; items: { item_id: string; status: string }[] }[];
}

async function addDish(t: TestApp, body: Record<string, unknown>): Promise<Dish> {
  const response = await t.inject({
    method: 'POST',
    url: '/dishes',
    as: 'manager',
    payload: { description: 'Friday', price: 10, image_name: 'plate', category: 'Main Course', preparation_time: 10, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const option = (dish: Dish, name: string) => dish.modifier_groups.flatMap((group) => group.options).find((each) => each.name === name)!.id;

/** The menu of the Friday table: burger and steak with a doneness, the burger's onions removable. */
async function seedFriday(t: TestApp) {
  const stock = (name: string, allergens: string[] = []) =>
    addIngredient(t, name, 100).then(async (ingredient) => {
      if (allergens.length > 0)
        expect(
          (await t.inject({ method: 'PATCH', url: `/ingredients/${ingredient.id}`, as: 'manager', payload: { allergens } })).statusCode,
        ).toBe(200);
      return ingredient.id;
    });
  const bun = await stock('Brioche bun', ['cereals_gluten']);
  const onion = await stock('Red onion');
  const beef = await stock('Beef');
  const potato = await stock('Potato');
  const leaves = await stock('Leaves');
  const malt = await stock('Malt', ['cereals_gluten']);
  const water = await stock('Water');
  const doneness = { name: 'Doneness', min: 1, max: 1, options: [{ name: 'Medium rare' }, { name: 'Medium' }, { name: 'Well done' }] };
  const burger = await addDish(t, {
    name: 'Classic Burger',
    station: 'hot',
    ingredients: [
      { ingredient_id: bun, is_essential: true },
      { ingredient_id: beef, is_essential: true },
      { ingredient_id: onion, is_essential: false },
    ],
    modifier_groups: [
      doneness,
      { name: 'Remove', min: 0, max: 3, options: [{ name: 'No onions', ingredient_id: onion, action: 'remove' }] },
    ],
  });
  const steak = await addDish(t, {
    name: 'Rib-eye Steak',
    station: 'hot',
    ingredients: [{ ingredient_id: beef, is_essential: true }],
    modifier_groups: [doneness],
  });
  const fries = await addDish(t, { name: 'Fries', station: 'hot', ingredients: [{ ingredient_id: potato, is_essential: true }] });
  const salad = await addDish(t, { name: 'Side Salad', station: 'cold', ingredients: [{ ingredient_id: leaves, is_essential: true }] });
  const beer = await addDish(t, {
    name: 'Pilsner',
    station: 'beverages',
    category: 'Drinks',
    ingredients: [{ ingredient_id: malt, is_essential: true }],
  });
  const sparkling = await addDish(t, {
    name: 'Sparkling Water',
    station: 'beverages',
    category: 'Drinks',
    ingredients: [{ ingredient_id: water, is_essential: true }],
  });
  return { burger, steak, fries, salad, beer, sparkling };
}

/** Each line of the order's ticket on a board (its card and any part it continues in): its state and what it says. */
const lines = (page: Page, key: string) =>
  ticketParts(page, key)
    .locator('.ticket-items li')
    .evaluateAll((items) => items.map((li) => ({ state: li.getAttribute('data-state'), text: li.textContent })));

describe('the Friday table', () => {
  it(
    'reaches every board as items, by seat, with its changes while it cooks never silent',
    async ({ app: t, browser }) => {
      const menu = await seedFriday(t);
      const placed = await t.inject({
        method: 'POST',
        url: '/orders',
        as: 'patron',
        payload: {
          name: 'Friday',
          table_number: 7,
          seat_allergies: [{ seat: 3, allergies: ['cereals_gluten'] }],
          allergy_confirmed: true,
          items: [
            { dish_id: menu.burger.id, seat: 1, option_ids: [option(menu.burger, 'Medium')] },
            { dish_id: menu.steak.id, seat: 2, option_ids: [option(menu.steak, 'Medium rare')] },
            { dish_id: menu.salad.id, seat: 2 },
            {
              dish_id: menu.burger.id,
              seat: 3,
              option_ids: [option(menu.burger, 'Well done'), option(menu.burger, 'No onions')],
              note: 'bun on the side',
            },
            { dish_id: menu.fries.id, seat: 4 },
            { dish_id: menu.sparkling.id, seat: 4 },
          ],
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      const item = (name: string, seat: number) => order.items.find((each) => each.name === name && each.seat === seat)!;

      // Three tablets live at once; the cold board is opened on the drinks' tablet once the drinks are seen, before the void reaches it.
      const hot = await openBoard(browser, t, '/kds/hot');
      const drinks = await openBoard(browser, t, '/kds/beverages');
      const expo = await openBoard(browser, t, '/expeditor');
      await Promise.all([signIn(hot, 'chef'), signIn(drinks, 'chef'), signIn(expo, 'expeditor')]);

      // The hot board: each item with its seat; NO ONIONS, the doneness, the note and the gluten alert on the coeliac seat's burger only.
      await orderCard(hot, order.id).waitFor();
      expect(await lines(hot, order.id)).toStrictEqual([
        { state: 'waiting', text: '1×Classic BurgerS1Medium' },
        { state: 'waiting', text: '1×Rib-eye SteakS2Medium rare' },
        { state: 'waiting', text: '1×Classic BurgerS3⚠ GLUTENWell doneNO ONIONS“bun on the side”' },
        { state: 'waiting', text: '1×FriesS4' },
      ]);
      expect(await ticketParts(hot, order.id).locator('.item-allergy').count()).toBe(1);
      expect(await orderCard(hot, order.id).locator('.ticket-allergy').textContent()).toBe('AllergySeat 3 · Classic Burger: gluten');

      // The fries are done first: bumped alone, struck through, kept on the ticket.
      const fries = item('Fries', 4);
      await ticketParts(hot, order.id).locator(`li[data-item-id="${fries.id}"]`).click();
      await expect
        .poll(() => lines(hot, order.id).then((shown) => shown.map((line) => line.state)))
        .toStrictEqual(['waiting', 'waiting', 'waiting', 'done']);
      const inApi = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
      const hotTicket = inApi.tickets.find((ticket) => ticket.station === 'hot')!;
      expect(hotTicket.items.map((each) => each.status)).toStrictEqual(['Received', 'Received', 'Received', 'Ready']);
      expect(await hot.evaluate(`getComputedStyle(document.querySelector('li[data-item-id="${fries.id}"]')).textDecorationLine`)).toBe(
        'line-through',
      );

      // The drinks started; a round of beers after that comes as a new beverages ticket, marked NEW.
      await drinks.locator(`[data-order-id="${order.id}"] [data-action="bump"]`).click();
      await expect.poll(() => orderCard(drinks, order.id).getAttribute('data-status')).toBe('In Progress');
      const beers = await t.inject({
        method: 'POST',
        url: `/orders/${order.id}/items`,
        as: 'expeditor',
        // For the table, so the coeliac seat's gluten is asked about and confirmed, as at any till.
        payload: { items: [{ dish_id: menu.beer.id, quantity: 4 }], allergy_confirmed: true },
      });
      expect(beers.statusCode, beers.body).toBe(200);
      const round = `${order.id}:r2`;
      await orderCard(drinks, round).waitFor();
      expect(await orderCard(drinks, round).locator('.ticket-change').textContent()).toBe('NEW · round 2');
      // The beers carry the gluten the coeliac seat was asked about.
      expect(await lines(drinks, round)).toStrictEqual([{ state: 'waiting', text: '4×Pilsner⚠ GLUTEN' }]);
      const cold = drinks;
      await goToBoard(cold, t, '/kds/cold', { width: 1280, height: 800 });
      await orderCard(cold, order.id).waitFor();

      // The expeditor sees the order by seat, and voids the side salad there.
      const row = orderCard(expo, order.id);
      await row.locator('.order-name').click();
      const seats = await expo.$$eval('.seats-dialog .seat', (sections) =>
        sections.map((section) => [
          section.querySelector('h3')?.textContent,
          [...section.querySelectorAll('.seat-item-name')].map((name) => name.textContent),
        ]),
      );
      expect(seats).toStrictEqual([
        ['Seat 1', ['Classic Burger']],
        ['Seat 2', ['Rib-eye Steak', 'Side Salad']],
        ['Seat 3', ['Classic Burger']],
        ['Seat 4', ['Fries', 'Sparkling Water']],
        ['For the table', ['Pilsner']],
      ]);
      const salad = item('Side Salad', 2);
      await expo.locator(`.seat-item[data-item-id="${salad.id}"] [data-action="void"]`).click();
      await expo.click('.item-confirm .confirm-go');
      await expect.poll(() => orderCard(cold, order.id).locator('li.item-void').count()).toBe(1);
      expect(
        await cold.evaluate(`getComputedStyle(document.querySelector('[data-order-id="${order.id}"] li.item-void')).textDecorationLine`),
      ).toBe('line-through');

      // The steak is sent back: a REMAKE ticket, with its reason, on top of the hot board.
      const steak = item('Rib-eye Steak', 2);
      await expo.locator(`.seat-item[data-item-id="${steak.id}"] [data-action="remake"]`).click();
      await expo.check('.item-confirm input[value="sent back"]');
      await expo.click('.item-confirm .confirm-go');
      const remake = `${order.id}:r2`;
      await orderCard(hot, remake).waitFor();
      // Once the cook's hand has left the tickets (the board holds them still under a finger), it sorts to the top.
      await hot.mouse.move(0, 0);
      await expect.poll(() => hot.$eval('#tickets [data-order-id]', (card) => card.getAttribute('data-order-id'))).toBe(remake);
      expect(await orderCard(hot, remake).locator('.ticket-change').textContent()).toBe('REMAKE · Sent back');
      expect(await lines(hot, remake)).toStrictEqual([{ state: 'waiting', text: '1×Rib-eye SteakS2Medium rare' }]);
    },
    3 * BROWSER_TEST_MS,
  );
});
