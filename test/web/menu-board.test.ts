// The menu board on a screen (/menu): every dish of a 30-dish menu on screen at once, without
// scrolling, at 1280×800 and 1920×1080, the columns balanced (none running past the foot while
// another has room); nothing past the sides at 375 and 1024 px.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { BROWSER_TEST_MS, openBoard, resize, waitUntilLive } from './browser.js';
import { keepShot, SIZES, WALL } from './layout.js';

type Category = 'Appetizer' | 'Main Course' | 'Dessert' | 'Drinks';
/** [name, description] per category: names and descriptions as long as a real menu's. */
const MENU: Record<Category, [string, string][]> = {
  Appetizer: [
    ['Caesar Salad', 'Romaine, parmesan shavings, garlic croutons and an anchovy dressing'],
    ['Burrata with Heirloom Tomatoes', 'Creamy burrata, tomatoes of the season, basil oil and grilled sourdough'],
    ['Tomato Soup', 'Slow-roasted tomatoes, cream and a swirl of pesto'],
    ['Smoked Salmon Rillettes', 'With rye crisps, pickled cucumber and dill crème fraîche'],
    ['Beef Carpaccio', 'Thinly sliced beef, rocket, capers and aged parmesan'],
    ['Crispy Calamari', 'Lightly fried squid with lemon aioli and chilli salt'],
    ['Beetroot and Goat Cheese Salad', 'Roasted beetroot, whipped goat cheese, walnuts and honey'],
    ['Chicken Liver Parfait', 'Port jelly, toasted brioche and cornichons'],
    ['Black Truffle Arancini', 'Risotto balls with black truffle and mozzarella; sold out tonight'],
  ],
  'Main Course': [
    ['Classic Burger', 'Aged beef patty, cheddar, pickles and fries on a brioche bun'],
    ['Risotto alla Milanese', 'Saffron risotto finished with butter and parmesan'],
    ['Roast Chicken', 'Half a free-range chicken, thyme jus and roasted potatoes'],
    ['Steak Frites', 'Sirloin with béarnaise sauce, watercress and hand-cut fries'],
    ['Fish and Chips', 'Beer-battered haddock, mushy peas and tartare sauce'],
    ['Pork Belly with Apple', 'Slow-roasted pork belly, apple purée and cider jus'],
    ['Wild Mushroom Tagliatelle', 'Fresh pasta, wild mushrooms, cream and pecorino'],
    ['Lamb Shoulder', 'Braised for six hours, with rosemary, garlic and white beans'],
    ['Vegetable Curry', 'Seasonal vegetables in a coconut and lemongrass sauce, with rice'],
    ['Seared Sea Bass', 'Crushed new potatoes, samphire and a caper butter'],
  ],
  Dessert: [
    ['Tiramisu', 'Mascarpone, espresso-soaked ladyfingers and cocoa'],
    ['Chocolate Fondant', 'Warm dark chocolate cake with salted caramel ice cream'],
    ['Lemon Tart', 'Torched Italian meringue and raspberry coulis'],
    ['Sticky Toffee Pudding', 'Toffee sauce and vanilla ice cream'],
    ['Cheese Board', 'Three cheeses, quince paste, grapes and crackers'],
  ],
  Drinks: [
    ['Flat White', 'Double espresso with steamed milk'],
    ['Fresh Lemonade', 'Squeezed lemons, mint and sparkling water'],
    ['Blood Orange and Ginger Juice', 'Pressed to order'],
    ['English Breakfast Tea', 'A pot for one'],
    ['Sparkling Water', 'A 750 ml bottle'],
    ['House Red Wine', 'A glass of Montepulciano d’Abruzzo'],
  ],
};

async function seedThirty(t: TestApp): Promise<void> {
  const ingredient = async (name: string, stock: number, allergens: string[] = []) =>
    (
      await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', payload: { name, in_stock_qty: stock, price: 1, allergens } })
    ).json<{
      id: string;
    }>().id;
  const plenty = await ingredient('Pantry', 1_000);
  const dairy = await ingredient('Butter', 1_000, ['milk']);
  const none = await ingredient('Black truffle', 0);
  let index = 0;
  for (const [category, dishes] of Object.entries(MENU) as [Category, [string, string][]][]) {
    for (const [name, description] of dishes) {
      index += 1;
      const used = name.includes('Truffle') ? none : index % 3 === 0 ? dairy : plenty;
      const response = await t.inject({
        method: 'POST',
        url: '/dishes',
        as: 'chef',
        payload: {
          name,
          description,
          category,
          image_name: `${name.toLowerCase().replace(/\W+/g, '-')}.jpg`,
          ingredients: [{ ingredient_id: used, is_essential: true }],
          preparation_time: 10,
          price: 4 + (index % 20),
          station: category === 'Drinks' ? 'beverages' : category === 'Dessert' || category === 'Appetizer' ? 'cold' : 'hot',
        },
      });
      expect(response.statusCode).toBe(201);
    }
  }
}

/** Where the dishes are: how many lie wholly on screen, the page's sizes, and each column's foot. */
const PLACES = `(() => {
  const dishes = [...document.querySelectorAll('.dish')].map((dish) => dish.getBoundingClientRect());
  const onScreen = dishes.filter((r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth).length;
  const feet = new Map();
  for (const r of dishes) feet.set(Math.round(r.left), Math.max(feet.get(Math.round(r.left)) ?? 0, r.bottom));
  const tallest = Math.max(...dishes.map((r) => r.height));
  return {
    dishes: dishes.length,
    onScreen,
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    columns: feet.size,
    spread: Math.round(Math.max(...feet.values()) - Math.min(...feet.values())),
    tallest: Math.round(tallest),
  };
})()`;

describe('menu board on a screen', () => {
  it(
    'shows every dish of a 30-dish menu without scrolling at 1280×800 and 1920×1080, its columns balanced',
    async ({ app: t, browser }) => {
      await seedThirty(t);
      // One board, resized from screen to screen.
      const page = await openBoard(browser, t, '/menu', SIZES[2]);
      await waitUntilLive(page);
      for (const size of [SIZES[2]!, WALL]) {
        await resize(page, size);
        await expect.poll(() => page.locator('.dish').count()).toBe(30);
        await keepShot(page, `menu-board-${size.width}x${size.height}`);
        const places = await page.evaluate<{
          dishes: number;
          onScreen: number;
          scrollHeight: number;
          scrollWidth: number;
          columns: number;
          spread: number;
          tallest: number;
        }>(PLACES);
        expect({
          size,
          onScreen: places.onScreen,
          scrollHeight: places.scrollHeight <= size.height,
          scrollWidth: places.scrollWidth,
        }).toStrictEqual({
          size,
          onScreen: 30,
          scrollHeight: true,
          scrollWidth: size.width,
        });
        // Balanced: no column's foot more than about one dish below another's.
        expect({ size, balanced: places.spread <= places.tallest + 40, columns: places.columns >= 4 }).toStrictEqual({
          size,
          balanced: true,
          columns: true,
        });
        // The sold-out dish is on screen with the rest, greyed out.
        expect(await page.locator('.dish.unavailable .dish-title').allTextContents()).toStrictEqual(['Black Truffle Arancini']);
      }
      for (const size of SIZES.slice(0, 2)) {
        await resize(page, size);
        await expect.poll(() => page.locator('.dish').count()).toBe(30);
        expect({ size, width: await page.evaluate('document.documentElement.scrollWidth') }).toStrictEqual({ size, width: size.width });
        await keepShot(page, `menu-board-${size.width}x${size.height}`);
      }
    },
    2 * BROWSER_TEST_MS,
  );
});
