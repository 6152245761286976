// The demo data itself: staff accounts, the menu and a few orders that `npm run demo-data` adds
// (scripts/demo-data.ts, directly or through a running server's API: scripts/demo-data-api.ts).
import type { Allergen } from '../models/allergens.js';
import type { DishWrite } from '../models/dish.js';
import type { OrderStatus } from '../models/order.js';
import type { Role } from '../models/user.js';

/** Demo accounts: documented in docs/boards.md. Change or delete them before real service. */
export const DEMO_USERS: { user_name: string; password: string; role: Role }[] = [
  { user_name: 'chef', password: 'Demo@Chef1', role: 'chef' },
  { user_name: 'expeditor', password: 'Demo@Expo1', role: 'expeditor' },
  { user_name: 'manager', password: 'Demo@Manager1', role: 'manager' },
  { user_name: 'patron', password: 'Demo@Patron1', role: 'patron' },
];

// [name, in_stock_qty, price]; Truffle starts sold out so the menu shows a greyed-out dish.
export const INGREDIENTS: [string, number, number][] = [
  ['Romaine', 40, 0.6],
  ['Parmesan', 30, 0.9],
  ['Croutons', 50, 0.2],
  ['Tomato', 40, 0.4],
  ['Mozzarella', 25, 1.1],
  ['Basil', 30, 0.2],
  ['Smoked salmon', 15, 2.5],
  ['Mascarpone', 15, 1.4],
  ['Ladyfingers', 20, 0.5],
  ['Dark chocolate', 20, 0.8],
  ['Beef patty', 30, 2.2],
  ['Brioche bun', 40, 0.5],
  ['Chicken', 25, 2.8],
  ['Arborio rice', 30, 0.7],
  ['Saffron', 10, 1.9],
  ['Potatoes', 60, 0.3],
  ['Truffle', 0, 4],
  ['Salt', 500, 0.01],
  ['Lemon', 40, 0.3],
  ['Mint', 30, 0.2],
  ['Espresso beans', 200, 0.25],
  ['Milk', 60, 0.2],
  ['Orange', 40, 0.35],
  ['Black tea', 80, 0.1],
];

/** What the demo ingredients contain (EU 1169/2011 names), so the menus show each dish's allergens. */
export const INGREDIENT_ALLERGENS: Record<string, Allergen[]> = {
  Parmesan: ['milk'],
  Croutons: ['cereals_gluten'],
  Mozzarella: ['milk'],
  'Smoked salmon': ['fish'],
  Mascarpone: ['milk'],
  Ladyfingers: ['cereals_gluten', 'eggs'],
  'Dark chocolate': ['milk', 'soybeans'],
  'Brioche bun': ['cereals_gluten', 'eggs', 'milk', 'sesame'],
  Milk: ['milk'],
};

export type DemoDish = Omit<DishWrite, 'ingredients' | 'description'> & { uses: string[]; description: string };
const dish = (
  name: string,
  category: DishWrite['category'],
  station: DishWrite['station'],
  preparation_time: number,
  price: number,
  uses: string[],
  description: string,
): DemoDish => ({
  name,
  category,
  station,
  preparation_time,
  price,
  image_name: `${name.toLowerCase().replace(/[^a-z]+/g, '-')}.jpg`,
  uses,
  description,
});

// `uses`: ingredient names; a leading `~` marks a non-essential one.
export const DISHES: DemoDish[] = [
  dish('Caesar Salad', 'Appetizer', 'cold', 8, 9.5, ['Romaine', 'Parmesan', '~Croutons'], 'Crisp romaine, parmesan, garlic croutons'),
  dish('Caprese', 'Appetizer', 'cold', 6, 8.5, ['Tomato', 'Mozzarella', '~Basil'], 'Tomato, mozzarella and basil'),
  dish('Salmon Tartare', 'Appetizer', 'cold', 10, 13, ['Smoked salmon', '~Lemon'], 'Smoked salmon, lemon and dill'),
  dish('Tomato Soup', 'Appetizer', 'hot', 10, 6.5, ['Tomato', '~Basil', '~Salt'], 'Slow-roasted tomatoes, basil oil'),
  dish('Truffle Fries', 'Appetizer', 'hot', 8, 7, ['Potatoes', 'Truffle', '~Salt'], 'Hand-cut fries with truffle and parmesan'),
  dish('Classic Burger', 'Main Course', 'hot', 14, 15.5, ['Beef patty', 'Brioche bun', '~Tomato'], 'Beef patty, brioche bun, house sauce'),
  dish('Risotto alla Milanese', 'Main Course', 'hot', 22, 18, ['Arborio rice', 'Saffron', '~Parmesan'], 'Saffron risotto, aged parmesan'),
  dish('Roast Chicken', 'Main Course', 'hot', 25, 19.5, ['Chicken', '~Potatoes', '~Salt'], 'Half chicken, rosemary potatoes'),
  dish('Tiramisu', 'Dessert', 'cold', 5, 7.5, ['Mascarpone', 'Ladyfingers', '~Espresso beans'], 'Mascarpone, espresso, cocoa'),
  dish('Chocolate Mousse', 'Dessert', 'cold', 5, 7, ['Dark chocolate', '~Milk'], 'Dark chocolate, sea salt'),
  dish('Fresh Lemonade', 'Drinks', 'beverages', 3, 4.5, ['Lemon', '~Mint'], 'Squeezed to order'),
  dish('Mint Iced Tea', 'Drinks', 'beverages', 2, 4, ['Black tea', '~Mint', '~Lemon'], 'Black tea, fresh mint'),
  dish('Flat White', 'Drinks', 'beverages', 4, 3.8, ['Espresso beans', 'Milk'], 'Double ristretto, steamed milk'),
  dish('Orange Juice', 'Drinks', 'beverages', 3, 4.2, ['Orange'], 'Freshly pressed'),
];

export interface DemoOrder {
  name: string;
  minutesAgo: number;
  table: number | null;
  dishes: string[];
  requests?: string;
  priority?: number;
  status?: OrderStatus;
  inHours?: number;
}
export const ORDERS: DemoOrder[] = [
  { name: 'Hugo', minutesAgo: 47, table: 5, dishes: ['Risotto alla Milanese', 'Fresh Lemonade'] },
  { name: 'Dev', minutesAgo: 19, table: 2, dishes: ['Classic Burger', 'Tomato Soup', 'Mint Iced Tea', 'Mint Iced Tea'], priority: 0 },
  {
    name: 'Chloe',
    minutesAgo: 16,
    table: 7,
    dishes: ['Roast Chicken', 'Caprese', 'Orange Juice'],
    requests: 'Nut allergy: no pesto',
    priority: 1,
    status: 'In Progress',
  },
  { name: 'Farid', minutesAgo: 12, table: 9, dishes: ['Classic Burger', 'Flat White'], priority: 2, status: 'Ready for Assembly' },
  { name: 'Ben', minutesAgo: 9, table: 4, dishes: ['Risotto alla Milanese', 'Caesar Salad', 'Flat White'], status: 'In Progress' },
  {
    name: 'Ava',
    minutesAgo: 3,
    table: 12,
    dishes: ['Caesar Salad', 'Classic Burger', 'Classic Burger', 'Fresh Lemonade', 'Fresh Lemonade'],
    requests: 'No croutons on the salad',
  },
  { name: 'Emma', minutesAgo: 1, table: null, dishes: ['Salmon Tartare', 'Tiramisu', 'Tiramisu', 'Orange Juice'] },
  {
    name: 'Grace',
    minutesAgo: 0,
    table: 15,
    dishes: ['Roast Chicken', 'Roast Chicken', 'Tiramisu', 'Tiramisu'],
    requests: 'Birthday: a candle on one tiramisu',
    inHours: 3,
  },
];
export const MOVES: OrderStatus[] = ['In Progress', 'Ready for Assembly'];

/** Counts of what one run added. */
export type DemoDataAdded = Record<'users' | 'ingredients' | 'dishes' | 'orders', number>;
