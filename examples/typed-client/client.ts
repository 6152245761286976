// A typed client for this API in a few lines: openapi-typescript turns the served /openapi.json into
// types (api.d.ts), openapi-fetch calls the API with them. Every path, parameter, body and answer
// below is checked by the compiler; the tests generate api.d.ts from the server and compile this
// file with `tsc --strict`, then run it against a live server.
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

export type Order = components['schemas']['Order'];
export type Problem = components['schemas']['Problem'];
type OrderCreate = components['schemas']['OrderCreate'];

/** The answer's body, or the Problem the server sent as an Error. */
function unwrap<T>(result: { data?: T; error?: Problem; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${result.error?.detail ?? 'no body'}`);
  return result.data;
}

/** A patron logs in, finds what can be sold now, and orders the first available dish for a table. */
export async function orderFirstAvailableDish(baseUrl: string, userName: string, password: string, table: number): Promise<Order> {
  const api = createClient<paths>({ baseUrl });
  // Basic credentials and no body: the login body is optional.
  const basic = `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`;
  const tokens = unwrap(await api.POST('/auth/token', { headers: { authorization: basic } }));
  const headers = { authorization: `Bearer ${tokens.access_token}` };

  const menu = unwrap(
    await api.GET('/dishes', { params: { query: { filter: 'is_available.eq~true', fields: 'id|name', limit: 10, offset: 0 } } }),
  );
  const dishId = menu.results[0]?.id;
  if (!dishId) throw new Error('Nothing on the menu can be made right now.');

  const wanted: OrderCreate = { name: `Table${table}`, table_number: table, dish_ids: [dishId] };
  const placed = await api.POST('/orders', { headers, body: wanted });
  const order = unwrap(placed);
  // 201 Created: the Location header names the new order.
  if (placed.response.headers.get('location') !== `/orders/${order.id}`) throw new Error('No Location for the new order.');
  return order;
}
