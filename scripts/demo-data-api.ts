// The demo data through a running server's API, for when that server owns the data directory:
// written by the server itself, its in-memory menu and its boards see every dish at once. Needs a
// manager's sign-in (POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD, as the server was started with).
// Orders placed this way are new (the API cannot back-date them), so the boards show them as fresh.
import { localUrl, type Config } from '../server/config.js';
import { DEMO_USERS, DISHES, INGREDIENT_ALLERGENS, INGREDIENTS, MOVES, ORDERS, type DemoDataAdded } from './demo-menu.js';

/** `--url http://host:port`, else where the server said it listens (pos.lock), else this machine at the configured PORT. */
export function serverUrl(config: Config, args: string[], announced?: string): string {
  const given = args[args.indexOf('--url') + 1];
  if (args.includes('--url') && given) return given.replace(/\/$/, '');
  return announced ?? localUrl(config.host, config.port);
}

class Api {
  constructor(private readonly url: string) {}

  async call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Fails loudly on anything but the expected statuses: a half-loaded demo is worse than none. */
  async expect<T>(
    statuses: number[],
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const answer = await this.call<T>(method, path, token, body);
    if (!statuses.includes(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  }

  async login(userName: string, password: string): Promise<string> {
    const answer = await this.expect<{ access_token: string }>([201], 'POST', '/auth/token', null, {
      grant_type: 'password',
      user_name: userName,
      password,
    });
    return answer.body.access_token;
  }

  /** name → id of every document in a list, page by page (30 is the largest page). */
  async names(path: string, token: string): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let offset = 0; ; offset += 30) {
      const page = await this.expect<{ results: { id: string; name: string }[]; total_results: number }>(
        [200],
        'GET',
        `${path}?fields=id|name&limit=30&offset=${offset}`,
        token,
      );
      for (const { id, name } of page.body.results) found.set(name, id);
      if (offset + 30 >= page.body.total_results) return found;
    }
  }
}

export async function loadDemoDataThroughApi(url: string, config: Config): Promise<DemoDataAdded> {
  if (!config.admin) {
    throw new Error(
      `a server (${url}) owns the data directory: set POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD to a ` +
        `manager's sign-in so the demo data goes in through its API, or stop the server first`,
    );
  }
  const api = new Api(url);
  const manager = await api.login(config.admin.userName, config.admin.password);
  const added: DemoDataAdded = { users: 0, ingredients: 0, dishes: 0, orders: 0 };

  for (const user of DEMO_USERS) {
    const created = await api.expect([201, 409], 'POST', '/users', manager, { ...user, email: `${user.user_name}@demo.example.com` });
    if (created.status === 201) added.users += 1;
  }
  const ingredientIds = await api.names('/ingredients', manager);
  for (const [name, in_stock_qty, price] of INGREDIENTS.filter(([name]) => !ingredientIds.has(name))) {
    ingredientIds.set(
      name,
      (
        await api.expect<{ id: string }>([201], 'POST', '/ingredients', manager, {
          name,
          in_stock_qty,
          price,
          allergens: INGREDIENT_ALLERGENS[name] ?? [],
        })
      ).body.id,
    );
    added.ingredients += 1;
  }
  const dishIds = await api.names('/dishes', manager);
  for (const { uses, ...fields } of DISHES.filter((dish) => !dishIds.has(dish.name))) {
    const ingredients = uses.map((use) => ({
      ingredient_id: ingredientIds.get(use.replace('~', '')) ?? '',
      is_essential: !use.startsWith('~'),
    }));
    dishIds.set(fields.name, (await api.expect<{ id: string }>([201], 'POST', '/dishes', manager, { ...fields, ingredients })).body.id);
    added.dishes += 1;
  }
  const patron = DEMO_USERS.find((user) => user.role === 'patron');
  const patronToken = patron ? await api.login(patron.user_name, patron.password) : manager;
  const orderIds = await api.names('/orders', manager);
  for (const order of ORDERS.filter(({ name }) => !orderIds.has(name))) {
    const scheduled_at = order.inHours ? new Date(Date.now() + order.inHours * 3_600_000).toISOString() : null;
    const body = {
      name: order.name,
      dish_ids: order.dishes.map((name) => dishIds.get(name) ?? name),
      table_number: order.table,
      special_requests: order.requests ?? null,
      scheduled_at,
    };
    const { id } = (await api.expect<{ id: string }>([201], 'POST', '/orders', patronToken, body)).body;
    if (order.priority !== undefined) await api.expect([200], 'PATCH', `/orders/${id}`, manager, { priority: order.priority });
    for (const status of MOVES.slice(0, MOVES.indexOf(order.status ?? 'Received') + 1))
      await api.expect([200], 'PATCH', `/orders/${id}`, manager, { status });
    added.orders += 1;
  }
  return added;
}
