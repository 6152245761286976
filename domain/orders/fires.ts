// Fires by a person: the expeditor fires the next course, or rushes every held ticket of an order.
import type { Order, OrderDoc } from '../../models/order.js';
import type { StoreSession } from '../../store/types.js';
import { requireExpeditor } from '../accounts/access.js';
import { actorOf, firedChanges, recordAudit } from './audit.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import { FINISHED_STATUSES } from './order-status.js';
import { publicOrder } from './orders.js';
import { orderCookedDishes } from './items.js';
import { courseFired, courseOfTicket, fired, releaseCourse } from '../kitchen/pacing.js';
import type { Principal } from '../accounts/principal.js';
import { derived } from './tickets.js';

async function loadForFire(tx: StoreSession, id: string): Promise<OrderDoc> {
  const order = await tx.collection('orders').get(id);
  if (!order) throw notFound(`No order with id ${id}.`);
  if (FINISHED_STATUSES.includes(order.status))
    throw conflict(`The order is ${order.status}: it has left the pass and nothing of it fires.`);
  return order;
}

/** Writes the fired tickets with the status they imply, guarded by the order as read, and who fired them. */
async function writeFired(
  tx: StoreSession,
  order: OrderDoc,
  tickets: OrderDoc['tickets'],
  at: string,
  by: Principal,
  course: number | null,
): Promise<OrderDoc> {
  const updated = await tx
    .collection('orders')
    .update(order.id, { set: derived(order, tickets, at) }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
  if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
  await recordAudit(tx, order.id, actorOf(by), 'fired', firedChanges(order.tickets, updated.tickets, course), at);
  return updated;
}

/**
 * POST /orders/{id}/courses/{n}/fire: releases course n now (its tickets paced to be ready
 * together). A fired course changes nothing; 409 while course n−1 has not fired; 404 for a course
 * the order does not have.
 */
export async function fireCourse({ store, now }: Deps, principal: Principal | null, id: string, course: number): Promise<Order> {
  const by = requireExpeditor(principal, 'fire a course');
  const at = now();
  const result = await store.transaction(async (tx) => {
    const order = await loadForFire(tx, id);
    const courses = [...new Set(order.tickets.map(courseOfTicket))].sort((a, b) => a - b);
    if (!courses.includes(course)) throw notFound(`Order ${id} has no course ${course}; its courses are ${courses.join(', ')}.`);
    if (courseFired(order.tickets, course)) return order;
    if (course > 1 && !courseFired(order.tickets, course - 1)) {
      throw conflict(`Course ${course - 1} of order ${id} has not fired yet: fire it before course ${course}.`);
    }
    const dishes = await orderCookedDishes(tx, order.items ?? []);
    return writeFired(tx, order, releaseCourse(order, dishes, course, at.getTime(), at.getTime()), at.toISOString(), by, course);
  });
  return publicOrder(result);
}

/** POST /orders/{id}/fire: every held ticket of the order fires now (the expeditor's "rush it"). */
export async function fireOrder({ store, now }: Deps, principal: Principal | null, id: string): Promise<Order> {
  const by = requireExpeditor(principal, 'fire an order');
  const at = now().toISOString();
  const result = await store.transaction(async (tx) => {
    const order = await loadForFire(tx, id);
    if (!order.tickets.some((ticket) => ticket.status === 'Draft')) return order;
    return writeFired(
      tx,
      order,
      order.tickets.map((ticket) => (ticket.status === 'Draft' ? fired(ticket, at) : ticket)),
      at,
      by,
      null,
    );
  });
  return publicOrder(result);
}
