// A small menu for tests, created through the API as a chef would.
import type { Dish } from '../../models/dish.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { Order } from '../../models/order.js';
import type { Role } from '../../models/user.js';
import type { TestApp } from './app.js';

export async function addIngredient(t: TestApp, name: string, in_stock_qty: number, price = 1): Promise<IngredientDoc> {
  const response = await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', payload: { name, in_stock_qty, price } });
  if (response.statusCode !== 201) throw new Error(`ingredient ${name}: ${response.body}`);
  return response.json();
}

export interface DishInput {
  name: string;
  station: 'cold' | 'hot' | 'beverages';
  ingredients: { ingredient_id: string; is_essential: boolean }[];
  preparation_time?: number;
  category?: 'Appetizer' | 'Main Course' | 'Dessert' | 'Drinks';
  price?: number;
}

export async function addDish(t: TestApp, input: DishInput): Promise<Dish> {
  const payload = {
    description: `${input.name}, made to order`,
    category: 'Main Course',
    image_name: input.name.toLowerCase().replace(/\s+/g, '-'),
    preparation_time: 10,
    price: 12.5,
    ...input,
  };
  const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload });
  if (response.statusCode !== 201) throw new Error(`dish ${input.name}: ${response.body}`);
  return response.json();
}

export async function placeOrder(t: TestApp, dishIds: string[], as: Role = 'patron', extra: Record<string, unknown> = {}): Promise<Order> {
  const response = await t.inject({
    method: 'POST',
    url: '/orders',
    as,
    payload: { name: 'Ben', dish_ids: dishIds, table_number: 4, ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`order: ${response.body}`);
  return response.json();
}

/** A salad at cold, a steak at hot, a lemonade at beverages; each with its own essential ingredient. */
export async function seedMenu(t: TestApp, stock = 20) {
  const lettuce = await addIngredient(t, 'Lettuce', stock);
  const beef = await addIngredient(t, 'Beef', stock);
  const lemon = await addIngredient(t, 'Lemon', stock);
  const salt = await addIngredient(t, 'Salt', stock);
  const salad = await addDish(t, {
    name: 'Green Salad',
    station: 'cold',
    category: 'Appetizer',
    ingredients: [
      { ingredient_id: lettuce.id, is_essential: true },
      { ingredient_id: salt.id, is_essential: false },
    ],
  });
  const steak = await addDish(t, {
    name: 'Steak',
    station: 'hot',
    preparation_time: 25,
    ingredients: [
      { ingredient_id: beef.id, is_essential: true },
      { ingredient_id: salt.id, is_essential: false },
    ],
  });
  const lemonade = await addDish(t, {
    name: 'Lemonade',
    station: 'beverages',
    category: 'Drinks',
    preparation_time: 3,
    ingredients: [{ ingredient_id: lemon.id, is_essential: true }],
  });
  return { lettuce, beef, lemon, salt, salad, steak, lemonade };
}

/**
 * `count` orders of one hot dish, each started and readied `minutes` apart on the app's clock, ending
 * now: the hot line's history a pace is learned from.
 */
export async function cookedOnHotLine(t: TestApp, dishId: string, count: number, minutes: number): Promise<void> {
  const bump = async (order: Order, status: string) => {
    const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status } });
    if (response.statusCode !== 200) throw new Error(`bump to ${status}: ${response.body}`);
  };
  t.clock.advance(-count * minutes * 60_000);
  for (let i = 0; i < count; i += 1) {
    const order = await placeOrder(t, [dishId]);
    await bump(order, 'In Progress');
    t.clock.advance(minutes * 60_000);
    await bump(order, 'Ready');
  }
}

/**
 * The burger of the item tests, at hot: a bun (gluten) and two units of beef essential, an onion
 * (sulphites) optional; a required doneness ("Medium", or "Well done" at 3 minutes more) and up to
 * three changes ("No onions", "Extra cheese" (milk) at 1.50 more). 14.00, 12 minutes. Each
 * ingredient holds 10 units unless `stock` says otherwise.
 */
export async function addBurger(t: TestApp, stock: Partial<Record<'bun' | 'beef' | 'onion' | 'cheese', number>> = {}) {
  const ingredient = async (name: string, in_stock_qty: number, allergens: string[]) => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name, in_stock_qty, price: 1, allergens },
    });
    if (response.statusCode !== 201) throw new Error(`ingredient ${name}: ${response.body}`);
    return response.json<IngredientDoc>();
  };
  const bun = await ingredient('Bun', stock.bun ?? 10, ['cereals_gluten']);
  const beef = await ingredient('Beef', stock.beef ?? 10, []);
  const onion = await ingredient('Onion', stock.onion ?? 10, ['sulphites']);
  const cheese = await ingredient('Cheese', stock.cheese ?? 10, ['milk']);
  const response = await t.inject({
    method: 'POST',
    url: '/dishes',
    as: 'chef',
    payload: {
      name: 'Burger',
      description: 'A burger.',
      category: 'Main Course',
      image_name: 'burger',
      preparation_time: 12,
      price: 14,
      station: 'hot',
      ingredients: [
        { ingredient_id: bun.id, is_essential: true },
        { ingredient_id: beef.id, is_essential: true, quantity: 2 },
        { ingredient_id: onion.id, is_essential: false },
      ],
      modifier_groups: [
        { name: 'Doneness', min: 1, options: [{ name: 'Medium' }, { name: 'Well done', minutes_delta: 3 }] },
        {
          name: 'Changes',
          min: 0,
          max: 3,
          options: [
            { name: 'No onions', ingredient_id: onion.id, action: 'remove' },
            { name: 'Extra cheese', ingredient_id: cheese.id, action: 'add', price_delta: 1.5 },
          ],
        },
      ],
    },
  });
  if (response.statusCode !== 201) throw new Error(`dish Burger: ${response.body}`);
  const burger = response.json<Dish>();
  /** The id of the burger's option of that name. */
  const option = (name: string) => burger.modifier_groups.flatMap((group) => group.options).find((each) => each.name === name)!.id;
  return {
    bun,
    beef,
    onion,
    cheese,
    burger,
    option,
    medium: option('Medium'),
    wellDone: option('Well done'),
    noOnions: option('No onions'),
    extraCheese: option('Extra cheese'),
  };
}
