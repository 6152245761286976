// Who may do what: the contract's role table, in one place. Routes ask; nothing else decides.
import type { OrderDoc } from '../../models/order.js';
import type { Role } from '../../models/user.js';
import { forbidden, notFound, unauthorized } from '../errors.js';
import type { Principal } from './principal.js';

const STAFF: readonly Role[] = ['chef', 'expeditor', 'manager'];
const EDITABLE_BY_PATRON: readonly string[] = ['Draft', 'Received'];

export function requireUser(principal: Principal | null): Principal {
  if (!principal) throw unauthorized('This operation needs `Authorization: Bearer <access_token>`; get one at POST /auth/token.');
  return principal;
}

function requireRole(principal: Principal | null, roles: readonly Role[], action: string): Principal {
  const user = requireUser(principal);
  if (!roles.includes(user.role)) throw forbidden(`Your role (${user.role}) may not ${action}; this needs ${roles.join(' or ')}.`);
  return user;
}

export const isStaff = (principal: Principal) => STAFF.includes(principal.role);

/** Station tickets, queues and all-day counts: the kitchen (chefs, expeditors, managers). */
export const requireKitchenStaff = (principal: Principal | null, action: string) => requireRole(principal, STAFF, action);
/** Firing courses and rushing held tickets: the pass (expeditors) and managers. */
export const requireExpeditor = (principal: Principal | null, action: string) => requireRole(principal, ['expeditor', 'manager'], action);

/** POST/PUT/PATCH/DELETE on dishes and ingredients: chefs and managers. */
export const requireMenuEditor = (principal: Principal | null) =>
  requireRole(principal, ['chef', 'manager'], 'change the menu or the stock');

/** Patrons see their own orders only; others' are answered as if they did not exist. */
export function assertMaySeeOrder(principal: Principal, order: OrderDoc): void {
  if (principal.role === 'patron' && order.owner_id !== principal.userId) throw notFound(`No order with id ${order.id}.`);
}

/** PUT/PATCH /orders/{id}: who may change which fields (those whose values really change). */
export function assertMayEditOrder(principal: Principal, order: OrderDoc, changed: readonly string[]): void {
  assertMaySeeOrder(principal, order);
  if (principal.role === 'patron') {
    if (changed.includes('status') || changed.includes('priority'))
      throw forbidden('Patrons may not change the status or priority of an order.');
    if (!EDITABLE_BY_PATRON.includes(order.status))
      throw forbidden(`The order is ${order.status}: patrons may change it only while Draft or Received.`);
    return;
  }
  if (principal.role === 'chef') {
    if (changed.includes('priority')) throw forbidden('Only expeditors and managers may change the priority of an order.');
    const others = changed.filter((field) => field !== 'status');
    if (others.length > 0) throw forbidden(`Chefs may change only the status of an order, not ${others.join(', ')}.`);
  }
}

/** DELETE /orders/{id}. */
export function assertMayDeleteOrder(principal: Principal, order: OrderDoc): void {
  assertMaySeeOrder(principal, order);
  if (principal.role === 'chef') throw forbidden('Chefs may not delete orders.');
  if (principal.role === 'patron' && !EDITABLE_BY_PATRON.includes(order.status)) {
    throw forbidden(`The order is ${order.status}: patrons may delete it only while Draft or Received.`);
  }
}

/** POST /users: anyone may open a patron account; only managers create staff. */
export function assertMayCreateUser(principal: Principal | null, role: Role): void {
  if (role !== 'patron' && principal?.role !== 'manager') {
    throw forbidden(`Only managers may create ${role} accounts; sign-ups create patrons.`);
  }
}

export const requireManager = (principal: Principal | null, action: string) => requireRole(principal, ['manager'], action);

/** GET/PUT/PATCH /users/{id}: yourself, or anyone for a manager. */
export function assertMayAccessUser(principal: Principal, userId: string): void {
  if (principal.role !== 'manager' && principal.userId !== userId) throw forbidden('You may only read or change your own account.');
}

export function assertMayChangeRole(principal: Principal, currentRole: Role, newRole: Role | undefined): void {
  if (newRole !== undefined && newRole !== currentRole && principal.role !== 'manager') {
    throw forbidden('Only managers may change roles.');
  }
}
