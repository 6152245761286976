// The order status machine: which moves exist, and which of them a chef may make.
import type { OrderStatus } from '../../models/order.js';
import type { Role } from '../../models/user.js';
import { conflict, forbidden } from '../errors.js';

/** Forward moves, plus one step back (a recall) from In Progress and Ready for Assembly. */
export const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Draft: ['Received'],
  Received: ['In Progress'],
  'In Progress': ['Ready for Assembly', 'Received'],
  'Ready for Assembly': ['On the Way', 'Ready for Pickup', 'In Progress'],
  'On the Way': [],
  'Ready for Pickup': [],
};

/** The kitchen's moves: start, finish, and recall. The rest belongs to expeditors and managers. */
const CHEF_MOVES = new Set([
  'Received>In Progress',
  'In Progress>Ready for Assembly',
  'In Progress>Received',
  'Ready for Assembly>In Progress',
]);

export const FINISHED_STATUSES: readonly OrderStatus[] = ['On the Way', 'Ready for Pickup'];
/** Before the kitchen starts: the patron may still change or cancel, and stock comes back on delete. */
export const NOT_STARTED_STATUSES: readonly OrderStatus[] = ['Draft', 'Received'];

/** Throws 409 for a move that does not exist and 403 for one the role may not make. */
export function assertMove(from: OrderStatus, to: OrderStatus, role: Role): void {
  const allowed = NEXT_STATUSES[from];
  if (!allowed.includes(to)) {
    const next = allowed.length > 0 ? `allowed next: ${allowed.join(', ')}` : 'it is finished and cannot move';
    throw conflict(`An order cannot move from ${from} to ${to}; ${next}.`, { allowed: [...allowed] });
  }
  if (role === 'chef' && !CHEF_MOVES.has(`${from}>${to}`)) {
    throw forbidden(`Chefs may not move an order from ${from} to ${to}; that is for expeditors and managers.`);
  }
  if (role === 'patron') throw forbidden('Patrons may not change the status of an order.');
}
