// Adversarial guest-facing content for the layout tests and screenshots: a rush-sized menu with
// 60-character dish names (one a single unbreakable word), 80-character image file names, a long
// description, sold-out dishes, a dish with all 14 allergens, one nearly gone, and the guest's orders
// carrying 500-character requests.
import type { Dish } from '../../models/dish.js';
import type { TestApp } from '../helpers/app.js';
import { ALLERGENS } from '../../models/allergens.js';
import { placeOrder } from '../helpers/menu.js';

type Category = 'Appetizer' | 'Main Course' | 'Dessert' | 'Drinks';
type Station = 'cold' | 'hot' | 'beverages';

/** Exactly `length` characters: the text repeated, then cut. */
export const exactly = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** An 80-character image file name, as a chef's camera would name it. */
const imageName = (name: string) => `${exactly(`${name.toLowerCase().replace(/[^a-z]+/g, '-')}-with-b-arnaise-`, 76)}.jpg`;

const REQUEST = exactly('Severe nut allergy: no pesto, no almonds, keep away from the fryer; sauce on the side, please. ', 500);

// [name, category, station, sold out]
const DISHES: [string, Category, Station, boolean][] = [
  [exactly('Caesar Salad with Anchovies, Parmesan Shavings and Garlic Cro', 60), 'Appetizer', 'cold', false],
  [exactly('Burrata with Heirloom Tomatoes, Basil Oil and Grilled Sourdou', 60), 'Appetizer', 'cold', false],
  [exactly('Bouillabaisse_Marseillaise_Traditionnelle_du_Vieux_Port_Grande', 60), 'Appetizer', 'hot', false],
  ['Tomato Soup', 'Appetizer', 'hot', false],
  [exactly('Fish & Chips with Mushy Peas, Tartare Sauce and a Lemon Wedge ', 60), 'Main Course', 'hot', true],
  [exactly('Slow-Roasted Heritage Pork Belly with Apple and Cider Reduction', 60), 'Main Course', 'hot', false],
  [exactly('Steak Frites with Béarnaise Sauce, Watercress and Shallot Confit', 60), 'Main Course', 'hot', false],
  ['Risotto alla Milanese', 'Main Course', 'hot', false],
  [exactly('Wild Mushroom and Truffle Tagliatelle with Aged Pecorino Romano', 60), 'Main Course', 'hot', true],
  ['Classic Burger', 'Main Course', 'hot', false],
  [exactly('Dark Chocolate Fondant with Salted Caramel and Vanilla Bean Ice', 60), 'Dessert', 'cold', false],
  ['Tiramisu', 'Dessert', 'cold', true],
  [exactly('Lemon Tart with Torched Italian Meringue and Raspberry Coulis ', 60), 'Dessert', 'cold', false],
  [exactly('Freshly Squeezed Blood Orange, Ginger and Turmeric Sparkling Ju', 60), 'Drinks', 'beverages', false],
  ['Flat White', 'Drinks', 'beverages', false],
  ['Fresh Lemonade', 'Drinks', 'beverages', true],
];

export interface GuestContent {
  dishes: Dish[];
  /** The dishes that are sold out. */
  soldOut: Dish[];
  request: string;
}

/** The menu above, each dish with its own ingredient (empty for the sold-out ones). */
export async function seedAdversarialMenu(t: TestApp): Promise<GuestContent> {
  const dishes: Dish[] = [];
  for (const [index, [name, category, station, soldOut]] of DISHES.entries()) {
    // The first dish has every allergen (the longest list), the third only 4 portions left.
    const ingredientResponse = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: {
        name: `Ingredient ${index}`,
        in_stock_qty: soldOut ? 0 : index === 2 ? 4 : 500,
        price: 1,
        allergens: index === 0 ? [...ALLERGENS] : index % 4 === 1 ? ['milk', 'sesame'] : [],
      },
    });
    if (ingredientResponse.statusCode !== 201) throw new Error(`ingredient ${index}: ${ingredientResponse.body}`);
    const ingredient = ingredientResponse.json<{ id: string }>();
    const description =
      index === 1
        ? exactly('Creamy burrata from Puglia, tomatoes from three farms, basil pressed this morning. ', 400)
        : `${name.split(' ').slice(0, 3).join(' ')}, made to order`;
    const payload = {
      name,
      description,
      category,
      station,
      image_name: imageName(name),
      preparation_time: 12,
      price: 9.5 + index * 1.25,
      ingredients: [{ ingredient_id: ingredient.id, is_essential: true }],
    };
    const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload });
    if (response.statusCode !== 201) throw new Error(`dish ${name}: ${response.body}`);
    dishes.push(response.json<Dish>());
  }
  return { dishes, soldOut: dishes.filter((dish) => !dish.is_available), request: REQUEST };
}

/** The guest's (patron1's) orders, each with a 60-character name and a 500-character request. */
export async function seedGuestOrders(t: TestApp, content: GuestContent, count = 4): Promise<void> {
  const available = content.dishes.filter((dish) => dish.is_available);
  for (let index = 0; index < count; index += 1) {
    const dishIds = available.slice(index, index + 3).map((dish) => dish.id);
    await placeOrder(t, dishIds, 'patron', {
      name: exactly(`Maximiliana-Wolfeschlegelstein-${index}-`, 60),
      special_requests: REQUEST,
      table_number: index === 0 ? null : 10 + index,
    });
  }
}

/** Right-to-left names: an Arabic one long enough to wrap, a Hebrew one. */
export const ARABIC_NAME = 'شاورما دجاج مع الثوم والمخلل والبطاطا المقلية';
export const HEBREW_NAME = 'חומוס עם פול וביצה קשה';

/**
 * A menu of 44 dishes at 12.50 each, eleven per category, as long as a rush menu gets: names at the
 * contract's 120 characters (every third a single unbroken word), the right-to-left names above, an
 * emoji name and a one-letter one. Each has its own ingredient, plenty in stock, no allergens.
 */
export async function seedLongMenu(t: TestApp): Promise<Dish[]> {
  const categories: [Category, Station][] = [
    ['Appetizer', 'cold'],
    ['Main Course', 'hot'],
    ['Dessert', 'cold'],
    ['Drinks', 'beverages'],
  ];
  const names = [ARABIC_NAME, HEBREW_NAME, '🍣🍜 Omakase platter 🔥', 'X'];
  for (let index = names.length; index < 44; index += 1)
    names.push(
      index % 3 === 0
        ? exactly(`Dish${index}_Supercalifragilisticexpialidocious_`, 120)
        : exactly(`Dish ${index} slow-roasted with apple and cider reduction, `, 120),
    );
  const dishes: Dish[] = [];
  for (const [index, name] of names.entries()) {
    const [category, station] = categories[index % 4]!;
    const ingredient = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: `Ingredient ${index}`, in_stock_qty: 1000, price: 1 },
    });
    if (ingredient.statusCode !== 201) throw new Error(`ingredient ${index}: ${ingredient.body}`);
    const payload = {
      name,
      description: `${name.slice(0, 20)}, made to order`,
      category,
      station,
      image_name: `dish-${index}.jpg`,
      preparation_time: 10,
      price: 12.5,
      ingredients: [{ ingredient_id: ingredient.json<{ id: string }>().id, is_essential: true }],
    };
    const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload });
    if (response.statusCode !== 201) throw new Error(`dish ${name}: ${response.body}`);
    dishes.push(response.json<Dish>());
  }
  return dishes;
}
