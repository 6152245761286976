// The Friday table for the screenshots, through the API like a till: the Classic Burger gets a
// doneness and a tomato to leave out, then table 14 orders by seat (seat 3 coeliac), the drinks
// start, a round of lemonades follows, a side is voided and a chicken sent back. Every board then
// shows items, seats, modifiers, NEW, VOID and REMAKE. Then a birthday party of twenty burgers.
import type { FastifyInstance } from 'fastify';
import { DEMO_USERS } from './demo-menu.js';

interface Dish {
  id: string;
  name: string;
  ingredients: { ingredient_id: string }[];
  modifier_groups: { name: string; options: { id: string; name: string }[] }[];
}
interface Order {
  id: string;
  items: { id: string; name: string; seat: number | null }[];
}

export async function addFridayTable(app: FastifyInstance): Promise<void> {
  const manager = DEMO_USERS.find((user) => user.role === 'manager')!;
  const login = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', user_name: manager.user_name, password: manager.password },
  });
  const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  /** One API call that must succeed. */
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<T> => {
    const answer = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json<T>();
  };
  const dishes = (await call<{ results: Dish[] }>('GET', '/dishes?limit=30')).results;
  const byName = (name: string) => dishes.find((dish) => dish.name === name)!;
  const ingredients = (await call<{ results: { id: string; name: string }[] }>('GET', '/ingredients?limit=30')).results;
  const tomato = ingredients.find((each) => each.name === 'Tomato')!.id;
  const parmesan = ingredients.find((each) => each.name === 'Parmesan')!.id;
  const burger = await call<Dish>('PATCH', `/dishes/${byName('Classic Burger').id}`, {
    modifier_groups: [
      { name: 'Doneness', min: 1, max: 1, options: [{ name: 'Medium rare' }, { name: 'Medium' }, { name: 'Well done' }] },
      {
        name: 'Change it',
        min: 0,
        max: 2,
        options: [
          { name: 'No tomato', ingredient_id: tomato, action: 'remove' },
          { name: 'Parmesan crisp', ingredient_id: parmesan, action: 'add', price_delta: 1.5 },
        ],
      },
    ],
  });
  const option = (name: string) => burger.modifier_groups.flatMap((group) => group.options).find((each) => each.name === name)!.id;
  const order = await call<Order>('POST', '/orders', {
    name: 'Friday',
    table_number: 14,
    seat_allergies: [{ seat: 3, allergies: ['cereals_gluten'] }],
    allergy_confirmed: true,
    items: [
      { dish_id: burger.id, seat: 1, option_ids: [option('Medium rare'), option('Parmesan crisp')] },
      { dish_id: byName('Roast Chicken').id, seat: 2 },
      { dish_id: byName('Caesar Salad').id, seat: 2 },
      { dish_id: burger.id, seat: 3, option_ids: [option('Well done'), option('No tomato')], note: 'bun on the side, please' },
      { dish_id: byName('Tomato Soup').id, seat: 4 },
      { dish_id: byName('Caprese').id, seat: 4 },
      { dish_id: byName('Flat White').id, seat: 1 },
    ],
  });
  // P0: the table's ticket sits among the first on every board.
  await call('PATCH', `/orders/${order.id}`, { priority: 0 });
  await call('PATCH', `/orders/${order.id}/tickets/beverages`, { status: 'In Progress' });
  await call('POST', `/orders/${order.id}/items`, { items: [{ dish_id: byName('Fresh Lemonade').id, quantity: 4 }] });
  const item = (name: string) => order.items.find((each) => each.name === name)!.id;
  await call('POST', `/orders/${order.id}/items/${item('Caesar Salad')}/void`, {});
  await call('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' });
  await call('POST', `/orders/${order.id}/items/${item('Roast Chicken')}/remake`, { reason: 'sent back' });
  // The adversarial table: a 60-character guest name, a long request and twenty burgers over ten
  // seats with long notes, at P0: a ticket taller than the screen, continued in the next column.
  const party = await call<Order>('POST', '/orders', {
    name: 'Maximiliana-Alexandra-Wolfeschlegelsteinhausenbergerdorff-Smith'.slice(0, 60),
    table_number: 101,
    special_requests:
      "Birthday table: please bring the mains together, every sauce on the side, the children's plates first, and no candles on the dessert. Thank you!",
    items: Array.from({ length: 20 }, (_, i) => ({
      dish_id: burger.id,
      seat: (i % 10) + 1,
      option_ids: [option(i % 2 ? 'Medium' : 'Well done'), ...(i % 3 === 0 ? [option('No tomato')] : [])],
      ...(i % 4 === 0 ? { note: 'cut in half for the child, sauce on the side, no salt on the fries please' } : {}),
    })),
  });
  await call('PATCH', `/orders/${party.id}`, { priority: 0 });
}
