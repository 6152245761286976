// What the order tests share: a clock that stands still until told, stock read back as a map, and
// orders walked along the status machine by a manager.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { IngredientDoc } from '../../../models/ingredient.js';
import type { Order, OrderStatus } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';

/** The clock that stands still until told (kept in test/helpers/app.ts, beside the app's TestClock). */
export { FrozenClock } from '../../helpers/app.js';

export const MINUTE = 60_000;

/** Every ingredient's in_stock_qty, by id, as the API reports it. */
export async function stockById(t: TestApp): Promise<Record<string, number>> {
  const response = await t.inject({ method: 'GET', url: '/ingredients?limit=30' });
  expect(response.statusCode).toBe(200);
  const { results } = response.json<{ results: IngredientDoc[] }>();
  return Object.fromEntries(results.map((ingredient) => [ingredient.id, ingredient.in_stock_qty]));
}

export async function setStock(t: TestApp, ingredientId: string, in_stock_qty: number): Promise<void> {
  const response = await t.inject({ method: 'PATCH', url: `/ingredients/${ingredientId}`, as: 'chef', payload: { in_stock_qty } });
  expect(response.statusCode).toBe(200);
}

export async function getOrder(t: TestApp, id: string): Promise<Order> {
  const response = await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' });
  expect(response.statusCode).toBe(200);
  return response.json<Order>();
}

export async function orderCount(t: TestApp): Promise<number> {
  const response = await t.inject({ method: 'GET', url: '/orders?limit=1', as: 'manager' });
  expect(response.statusCode).toBe(200);
  return response.json<{ total_results: number }>().total_results;
}

/** Moves an order forward to `target` as a manager (who may make every move), step by step. */
export async function moveTo(t: TestApp, order: Order, target: OrderStatus): Promise<Order> {
  const path: OrderStatus[] = [
    'Draft',
    'Received',
    'In Progress',
    'Ready for Assembly',
    target === 'On the Way' ? 'On the Way' : 'Ready for Pickup',
  ];
  const from = path.indexOf(order.status);
  const to = path.indexOf(target);
  if (from < 0 || to < from) throw new Error(`moveTo cannot go from ${order.status} to ${target}`);
  let current = order;
  for (const status of path.slice(from + 1, to + 1)) {
    const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: { status } });
    expect(response.statusCode, response.body).toBe(200);
    current = response.json<Order>();
  }
  expect(current.status).toBe(target);
  return current;
}

export function problemOf(response: LightMyRequestResponse): {
  title: string;
  detail: string;
  allowed?: string[];
  errors?: { path: string; message: string }[];
} {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return response.json();
}
