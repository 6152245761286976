// `npm run demo-data`: a sample menu, demo staff accounts and a few orders in the configured store,
// through the domain's own operations; running it again adds nothing that is already there. While a
// server owns the data directory, the same data goes in through that server's API instead
// (scripts/demo-data-api.ts), so its menu and boards see it at once.
import '../server/supported-node.js';
import { pathToFileURL } from 'node:url';
import { createDish } from '../domain/menu/dishes.js';
import { createIngredient } from '../domain/menu/ingredients.js';
import { changeOrder, createOrder } from '../domain/orders/orders.js';
import { Passwords } from '../domain/accounts/passwords.js';
import type { Principal } from '../domain/accounts/principal.js';
import { TokenService } from '../domain/accounts/tokens.js';
import { createUser } from '../domain/accounts/users.js';
import { loadConfig, type Config } from '../server/config.js';
import { openStore } from '../store/open.js';
import { DataDirectoryLockedError } from '../store/sqlite/lock.js';
import { loadDemoDataThroughApi, serverUrl } from './demo-data-api.js';
import { DEMO_USERS, DISHES, INGREDIENT_ALLERGENS, INGREDIENTS, MOVES, ORDERS, type DemoDataAdded, type DemoOrder } from './demo-menu.js';

export { DEMO_USERS } from './demo-menu.js';

type Named = 'users' | 'ingredients' | 'dishes' | 'orders';

/** The accounts and the menu are made this long ago, before the oldest order. */
const MENU_AGE_MS = (Math.max(...ORDERS.map((order) => order.minutesAgo)) + 1) * 60_000;

/** Adds whatever of the demo data is missing from the store `config` points at. */
export async function loadDemoData(config: Config): Promise<DemoDataAdded> {
  // The store's clock runs behind by `minutesAgo` while an order is placed, so the boards show real
  // ages; the menu is older still, so the stock an order takes never updates an ingredient "before"
  // it was created (updated_at is never earlier than created_at).
  let behindMs = MENU_AGE_MS;
  const now = () => new Date(Date.now() - behindMs);
  const store = await openStore(config, { now });
  const deps = {
    store,
    now,
    passwords: new Passwords(config.bcryptRounds),
    tokens: new TokenService(store, { secret: 'demo-data-never-signs-any-token-000', accessTtlSeconds: 60, refreshTtlSeconds: 60, now }),
  };
  const added: DemoDataAdded = { users: 0, ingredients: 0, dishes: 0, orders: 0 };
  const find = async (collection: Named, field: 'user_name' | 'name', name: string) =>
    (await store.collection(collection).find([{ field, op: 'eq', value: name }], { limit: 1 }))[0];
  /** The id of the document of that name, created (and counted) when missing. */
  const ensure = async (collection: Named, field: 'user_name' | 'name', name: string, create: () => Promise<{ id: string }>) => {
    const found = await find(collection, field, name);
    if (found) return found.id;
    added[collection] += 1;
    return (await create()).id;
  };

  async function ensureMenu(): Promise<Map<string, string>> {
    const ingredientIds = new Map<string, string>();
    for (const [name, in_stock_qty, price] of INGREDIENTS) {
      ingredientIds.set(
        name,
        await ensure('ingredients', 'name', name, () =>
          createIngredient(deps, { name, in_stock_qty, price, allergens: INGREDIENT_ALLERGENS[name] ?? [] }),
        ),
      );
    }
    const dishIds = new Map<string, string>();
    for (const { uses, ...fields } of DISHES) {
      const ingredients = uses.map((use) => ({
        ingredient_id: ingredientIds.get(use.replace('~', '')) ?? '',
        is_essential: !use.startsWith('~'),
      }));
      dishIds.set(fields.name, await ensure('dishes', 'name', fields.name, () => createDish(deps, { ...fields, ingredients })));
    }
    return dishIds;
  }

  async function placeOrder(order: DemoOrder, dishIds: Map<string, string>, patron: Principal) {
    behindMs = order.minutesAgo * 60_000;
    const scheduled_at = order.inHours ? new Date(Date.now() + order.inHours * 3_600_000).toISOString() : null;
    const dish_ids = order.dishes.map((name) => dishIds.get(name) ?? name);
    const created = await createOrder(deps, patron, {
      name: order.name,
      dish_ids,
      table_number: order.table,
      special_requests: order.requests ?? null,
      scheduled_at,
    });
    if (order.priority !== undefined) await changeOrder(deps, SCRIPT, created.id, { priority: order.priority });
    for (const status of MOVES.slice(0, MOVES.indexOf(order.status ?? 'Received') + 1))
      await changeOrder(deps, SCRIPT, created.id, { status });
    behindMs = 0;
    return created;
  }

  try {
    for (const user of DEMO_USERS) {
      await ensure('users', 'user_name', user.user_name, () =>
        createUser(deps, SCRIPT, { ...user, email: `${user.user_name}@demo.example.com` }),
      );
    }
    const patron: Principal = { ...SCRIPT, userId: (await find('users', 'user_name', 'patron'))?.id ?? SCRIPT.userId, role: 'patron' };
    const dishIds = await ensureMenu();
    for (const order of ORDERS) await ensure('orders', 'name', order.name, () => placeOrder(order, dishIds, patron));
    return added;
  } finally {
    await store.close();
  }
}

/** The script acts with a manager's rights; it is no account and signs no token. */
const SCRIPT: Principal = {
  userId: '000000000000000000000000',
  userName: 'demo-data',
  role: 'manager',
  expiresAt: Number.POSITIVE_INFINITY,
};

/** Adds the demo data where it belongs; returns where that was, for the message. */
async function run(config: Config): Promise<{ where: string; added: DemoDataAdded }> {
  try {
    return { where: config.mongodbUri ? 'MongoDB' : `the embedded store in ${config.dataDir}`, added: await loadDemoData(config) };
  } catch (error) {
    const owner = (error as Error).cause;
    if (!(owner instanceof DataDirectoryLockedError)) throw error;
    // A server owns the data directory: its API is the only way in that its menu sees.
    const url = serverUrl(config, process.argv.slice(2), owner.holder.url);
    try {
      return { where: `the server at ${url} (process ${owner.holder.pid})`, added: await loadDemoDataThroughApi(url, config) };
    } catch (failure) {
      const reason = (failure as Error).cause instanceof Error ? ((failure as Error).cause as Error).message : (failure as Error).message;
      throw new Error(
        `process ${owner.holder.pid} serves ${config.dataDir}, but adding through ${url} failed: ${reason} (name the server with -- --url http://host:port)`,
        { cause: failure },
      );
    }
  }
}

/**
 * What the run did, in words: what it added, and what it left alone because something of the same
 * name was there already (an earlier run, or the README's walkthrough), so nothing is skipped silently.
 */
export function demoDataSummary(where: string, added: DemoDataAdded): string {
  const all: DemoDataAdded = { users: DEMO_USERS.length, ingredients: INGREDIENTS.length, dishes: DISHES.length, orders: ORDERS.length };
  const kinds = ['users', 'ingredients', 'dishes', 'orders'] as const;
  const list = (count: (kind: (typeof kinds)[number]) => number) => kinds.map((kind) => `${count(kind)} ${kind}`).join(', ');
  const kept = kinds.some((kind) => all[kind] > added[kind]);
  return (
    `Demo data in ${where}: added ${list((kind) => added[kind])}.` +
    (kept
      ? ` Left alone, as one of the same name (user name for users) was already there: ${list((kind) => all[kind] - added[kind])}.`
      : '')
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { where, added } = await run(loadConfig());
    process.stdout.write(`${demoDataSummary(where, added)}\n`);
    process.stdout.write(
      `Boards at /kds/hot, /kds/cold, /kds/beverages, /expeditor and /menu; sign in as ${DEMO_USERS.slice(0, 3)
        .map((u) => `${u.user_name} / ${u.password}`)
        .join(', ')}.\n`,
    );
  } catch (error) {
    process.stderr.write(`Cannot add the demo data: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
