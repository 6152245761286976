// The few calls the harness makes to the server under test outside the measured runs: sign in,
// read the bodies the ceiling will serve, place one order.
import type { Order } from '../../models/order.js';
import { BENCH_PASSWORD, historyTime, USERS, type Kitchen } from './seed.js';

export interface Tokens {
  manager: string;
  chef: string;
  patron: string;
}

/** The KDS query: what a station waits on, oldest first. */
export const ORDER_LIST_PATH = '/orders?filter=status.eq~Received&sort=created_at&limit=30';
/** A look back through history: the newest picked-up orders, among most of all orders ever stored. */
export const HISTORY_LIST_PATH = '/orders?filter=status.eq~Ready%20for%20Pickup&sort=created_at&order=desc&limit=30';
export const DISH_LIST_PATH = '/dishes?limit=30';
/** The expeditor's board: every order still open (web/public/js/lib/order-book.js). */
export const EXPEDITOR_LIST_PATH = '/orders?filter=status.in~Draft,Received,In%20Progress,Ready%20for%20Assembly&limit=30';
/** The ordering app's "My orders" (patron: their own only), newest first. */
export const MY_ORDERS_PATH = '/orders?sort=created_at&order=desc&limit=30';
/** A station's queue and its all-day counts (chef). */
export const STATION_QUEUE_PATH = '/stations/hot/tickets?limit=30';
export const ALL_DAY_PATH = '/stations/hot/all-day';

/**
 * The kitchen report (manager) over the newest `hours` of a history of `orders` orders (one a
 * minute): 12 hours hold 720 orders at every size from 1,000 up (the 1k history is 16.7 hours long,
 * so a whole day would hold all 1,000 there and 1,440 at every larger size).
 */
export function reportPath(orders: number, hours = 12): string {
  const to = historyTime(orders);
  const from = new Date(to.getTime() - hours * 3_600_000);
  return `/reports/kitchen?from=${from.toISOString()}&to=${to.toISOString()}`;
}

async function call<T>(url: string, init: RequestInit & { expect: number }): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function signIn(baseUrl: string): Promise<Tokens> {
  const token = async (userName: string) =>
    (
      await call<{ access_token: string }>(`${baseUrl}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', user_name: userName, password: BENCH_PASSWORD }),
        expect: 201,
      })
    ).access_token;
  return { manager: await token(USERS.manager), chef: await token(USERS.chef), patron: await token(USERS.patron) };
}

export const getJson = <T>(url: string, token?: string) =>
  call<T>(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, expect: 200 });

export function placeOrder(baseUrl: string, token: string, body: OrderBody): Promise<Order> {
  return call<Order>(`${baseUrl}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    expect: 201,
  });
}

/**
 * Cancels (as the manager) every order still Received that was placed since `since`, a page of 30
 * at a time: the warm-up's orders leave the kitchen before the measured run. Returns how many.
 */
export async function cancelPlacedSince(baseUrl: string, token: string, since: Date): Promise<number> {
  const filter = encodeURIComponent(`status.eq~Received|created_at.gte~${since.toISOString()}`);
  const page = `${baseUrl}/orders?filter=${filter}&fields=id&limit=30`;
  const headers = { authorization: `Bearer ${token}` };
  let cancelled = 0;
  for (;;) {
    const { results } = await getJson<{ results: { id: string }[] }>(page, token);
    if (results.length === 0) return cancelled;
    await Promise.all(
      results.map(async ({ id }) => {
        const response = await fetch(`${baseUrl}/orders/${id}`, { method: 'DELETE', headers, signal: AbortSignal.timeout(10_000) });
        if (response.status !== 204) throw new Error(`DELETE /orders/${id}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      }),
    );
    cancelled += results.length;
  }
}

export interface OrderBody {
  name: string;
  dish_ids: string[];
  table_number: number;
}

/** Order bodies cycling through the menu: one to three dishes each, every dish used. */
export function orderBodies(kitchen: Kitchen, count = 40): OrderBody[] {
  const { dishes } = kitchen;
  return Array.from({ length: count }, (_, i) => ({
    name: `Table${i % 40}`,
    dish_ids: Array.from({ length: 1 + (i % 3) }, (_, k) => dishes[(i * 7 + k * 13) % dishes.length]?.id ?? ''),
    table_number: 1 + (i % 40),
  }));
}
