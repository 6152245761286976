// The benchmark's kitchen: a realistic menu (40 dishes made from 120 ingredients), staff accounts,
// and any number of past orders, written straight through the store, 100 to a transaction.
// Everything comes from a seeded generator, so every run stores the same data.
import { createDish } from '../../domain/menu/dishes.js';
import { createIngredient } from '../../domain/menu/ingredients.js';
import { Passwords } from '../../domain/accounts/passwords.js';
import { CATEGORIES, type DishDoc, type Station } from '../../models/dish.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { OrderDoc, OrderStatus } from '../../models/order.js';
import type { Ticket } from '../../models/ticket.js';
import { stationsOf } from '../../domain/orders/tickets.js';
import type { Role } from '../../models/user.js';
import type { NewDoc, Store } from '../../store/types.js';

export const BENCH_PASSWORD = 'Bench@Pass1!';
export const USERS: Record<Exclude<Role, 'expeditor'>, string> = { manager: 'bench_manager', chef: 'bench_chef', patron: 'bench_patron' };

/** Enough that no benchmark ever runs an ingredient out (so every order is accepted). */
export const STOCK = 1_000_000_000;
/**
 * Orders per seeding transaction. Each insert inside a store transaction runs in a savepoint of its
 * own, and releasing one makes SQLite walk its in-memory statement journal from the start (1 KiB
 * chunks, `memjrnlTruncate`), a journal that grows with every insert of the transaction: per order,
 * a cost that grows with the transaction. At 1,000 a third of seeding went there; 100 took 100,000
 * orders from 21–22 s to 11 s, and 50 was no faster (more commits).
 */
const ORDERS_PER_TRANSACTION = 100;
/** Progress is reported every this many orders (a million take minutes). */
const PROGRESS_EVERY = 100_000;
/**
 * Whose orders the history holds: the bench patron placed one in PATRON_SHARE (a regular: their
 * "My orders" grows with the history, as a regular's does), other guests the rest.
 */
const PATRON_SHARE = 100;
const GUESTS = 5_000;
/** Stored orders are a minute apart, so that two million of them end in the past. */
const HISTORY_START = Date.now() - 2_000_000 * 60_000;

/** When order number `n` of the history was placed (one a minute, from about four years ago). */
export const historyTime = (n: number) => new Date(HISTORY_START + n * 60_000);
/**
 * A kitchen's history: every order is finished except the newest few hundred, which are still on
 * their way through the kitchen (about half of them Received, what a station's screen lists).
 */
export const ACTIVE_ORDERS = 300;
const FINISHED: [OrderStatus, number][] = [
  ['On the Way', 35],
  ['Ready for Pickup', 65],
];
const ACTIVE: [OrderStatus, number][] = [
  ['Received', 50],
  ['In Progress', 30],
  ['Ready for Assembly', 20],
];

/** The store's clock while seeding: real time, or a stored order's moment of creation. */
export class SeedClock {
  at: number | null = null;
  now = (): Date => new Date(this.at ?? Date.now());
}

export interface Kitchen {
  ingredients: IngredientDoc[];
  dishes: DishDoc[];
  patronId: string;
}

/** mulberry32: small, fast and good enough to pick dishes. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BASES = [
  'Tomato',
  'Basil',
  'Mozzarella',
  'Parmesan',
  'Romaine',
  'Beef',
  'Chicken',
  'Salmon',
  'Rice',
  'Saffron',
  'Potato',
  'Onion',
  'Garlic',
  'Lemon',
  'Mint',
  'Espresso',
  'Milk',
  'Orange',
  'Tea',
  'Chocolate',
  'Butter',
  'Cream',
  'Flour',
  'Egg',
  'Pepper',
  'Thyme',
  'Rosemary',
  'Mushroom',
  'Spinach',
  'Carrot',
];
const FORMS = ['fresh', 'dried', 'smoked', 'organic'];
const STATIONS_BY_CATEGORY: Record<(typeof CATEGORIES)[number], Station[]> = {
  Appetizer: ['cold', 'hot'],
  'Main Course': ['hot'],
  Dessert: ['cold'],
  Drinks: ['beverages'],
};

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** 120 ingredients, then 40 dishes of 2–7 of them (the first one to three essential), and the users. */
export async function seedKitchen(store: Store, ingredientCount = 120, dishCount = 40): Promise<Kitchen> {
  const random = generator(7);
  const now = () => new Date();
  const ingredients: IngredientDoc[] = [];
  for (let i = 0; i < ingredientCount; i++) {
    const name = `${BASES[i % BASES.length]} (${FORMS[Math.floor(i / BASES.length) % FORMS.length]}) #${i + 1}`;
    ingredients.push(await createIngredient({ store, now }, { name, in_stock_qty: STOCK, price: Math.round(random() * 300) / 100 }));
  }
  const dishes: DishDoc[] = [];
  for (let i = 0; i < dishCount; i++) {
    const category = CATEGORIES[i % CATEGORIES.length] as (typeof CATEGORIES)[number];
    const size = category === 'Drinks' ? 2 + Math.floor(random() * 2) : 3 + Math.floor(random() * 5);
    const used = new Set<IngredientDoc>();
    while (used.size < size) used.add(pick(random, ingredients));
    const essentials = 1 + Math.floor(random() * 3);
    const name = `${category} ${i + 1}: ${[...used]
      .slice(0, 2)
      .map((ingredient) => ingredient.name.split(' ')[0])
      .join(' & ')}`;
    dishes.push(
      await createDish(
        { store, now },
        {
          name,
          description: `${name}, prepared to order with ${size} ingredients; ask your server about allergens.`,
          category,
          image_name: `dish-${i + 1}.jpg`,
          ingredients: [...used].map((ingredient, index) => ({ ingredient_id: ingredient.id, is_essential: index < essentials })),
          preparation_time: 3 + Math.floor(random() * 25),
          price: Math.round((4 + random() * 26) * 2) / 2,
          station: pick(random, STATIONS_BY_CATEGORY[category]),
        },
      ),
    );
  }
  return { ingredients, dishes, patronId: await seedUsers(store) };
}

/** The accounts the benchmark signs in with (the manager comes from POS_ADMIN_* at start-up). */
async function seedUsers(store: Store): Promise<string> {
  // The fewest bcrypt rounds: logins are not what is measured.
  const passwordHash = await new Passwords(4).hash(BENCH_PASSWORD);
  const add = (role: Role, userName: string) =>
    store.collection('users').insert({ user_name: userName, email: `${userName}@bench.example.com`, role, password_hash: passwordHash });
  await add('chef', USERS.chef);
  return (await add('patron', USERS.patron)).id;
}

/** What placing the order took: a unit of each ingredient per dish (history, so nothing is taken now). */
function stockTaken(dishes: readonly DishDoc[]): { ingredient_id: string; units: number }[] {
  const units = new Map<string, number>();
  for (const { ingredient_id } of dishes.flatMap((dish) => dish.ingredients)) units.set(ingredient_id, (units.get(ingredient_id) ?? 0) + 1);
  return [...units].sort(([a], [b]) => a.localeCompare(b)).map(([ingredient_id, count]) => ({ ingredient_id, units: count }));
}

const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/**
 * Tickets as the kitchen would have left them for an order in `status` placed at `placedMs`:
 * started 1-4 minutes after firing, ready after 60-160% of the station's longest dish, closed
 * 1-10 minutes after the last station: what GET /reports/kitchen reads.
 */
function kitchenFields(
  dishes: readonly DishDoc[],
  orderStatus: OrderStatus,
  placedMs: number,
  random: () => number,
): Pick<OrderDoc, 'tickets' | 'ready_at' | 'closed_at'> {
  const done = orderStatus === 'Ready for Assembly' || orderStatus === 'On the Way' || orderStatus === 'Ready for Pickup';
  const tickets: Ticket[] = stationsOf(dishes).map((station) => {
    const longest = Math.max(...dishes.filter((dish) => dish.station === station).map((dish) => dish.preparation_time));
    const startedMs = placedMs + (1 + random() * 3) * MINUTE;
    const readyMs = startedMs + longest * (0.6 + random()) * MINUTE;
    const started = orderStatus !== 'Received';
    return {
      station,
      status: done ? 'Ready' : started ? 'In Progress' : 'Received',
      fired_at: at(placedMs),
      started_at: started ? at(startedMs) : null,
      ready_at: done ? at(readyMs) : null,
      bumped_by: null,
    };
  });
  const readyMs = Math.max(...tickets.map((ticket) => (ticket.ready_at ? Date.parse(ticket.ready_at) : 0)));
  const closed = orderStatus === 'On the Way' || orderStatus === 'Ready for Pickup';
  return { tickets, ready_at: done ? at(readyMs) : null, closed_at: closed ? at(readyMs + (1 + random() * 9) * MINUTE) : null };
}

function status(random: () => number, weights: [OrderStatus, number][]): OrderStatus {
  let roll = random() * weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weights) if ((roll -= weight) < 0) return value;
  return weights[0]?.[0] ?? 'Received';
}

/**
 * Stores orders number `from` up to `to` (exclusive) of the history, ORDERS_PER_TRANSACTION to a
 * transaction; the orders active until now are finished first, and the newest ACTIVE_ORDERS of
 * the new ones are active. `clock` must be the store's clock: it is set to each order's creation.
 */
export async function addOrders(
  store: Store,
  clock: SeedClock,
  kitchen: Kitchen,
  from: number,
  to: number,
  progress?: (done: number) => void,
): Promise<void> {
  const random = generator(1_000_003 + from);
  const active = ACTIVE.map(([value]) => value);
  await store.collection('orders').updateMany([{ field: 'status', op: 'in', value: active }], { set: { status: 'Ready for Pickup' } });
  try {
    await addOrderBatches(store, clock, kitchen, random, from, to, progress);
  } finally {
    clock.at = null;
  }
}

/** A guest's user id (24 hex digits, as the store's ids): guest accounts need no user rows to own orders. */
const guestId = (n: number) => `9e57${n.toString(16).padStart(20, '0')}`;

async function addOrderBatches(
  store: Store,
  clock: SeedClock,
  kitchen: Kitchen,
  random: () => number,
  from: number,
  to: number,
  progress?: (done: number) => void,
): Promise<void> {
  for (let start = from; start < to; start += ORDERS_PER_TRANSACTION) {
    if (progress && start > from && start % PROGRESS_EVERY === 0) progress(start);
    await store.transaction(async (tx) => {
      const orders = tx.collection('orders');
      for (let n = start; n < Math.min(to, start + ORDERS_PER_TRANSACTION); n++) {
        clock.at = historyTime(n).getTime();
        const dishes = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(random, kitchen.dishes));
        const orderStatus = status(random, n >= to - ACTIVE_ORDERS ? ACTIVE : FINISHED);
        // Stored as an earlier version stored it (no pacing, no items): the start-up upgrade brings it up to date.
        await orders.insert({
          name: `Guest${n}`,
          dish_ids: dishes.map((dish) => dish.id),
          table_number: random() < 0.1 ? null : 1 + Math.floor(random() * 40),
          special_requests: random() < 0.2 ? 'No onions, please; one plate without sauce.' : null,
          scheduled_at: null,
          priority: Math.floor(random() * 6),
          status: orderStatus,
          fire_at: null,
          ...kitchenFields(dishes, orderStatus, clock.at, random),
          owner_id: n % PATRON_SHARE === 0 ? kitchen.patronId : guestId(n % GUESTS),
          stock_taken: stockTaken(dishes),
        } as NewDoc<OrderDoc>);
      }
    });
  }
}
