// Who hears of an order in `my-orders`: the user who placed it, and nobody else. The order goes
// to that user's own room with every dish (and its tickets), so the ordering app can say what is
// being prepared where; the owner's id never leaves the server.
import { ownerRoom } from '../rooms.js';
import type { Delivery, KitchenOrder } from '../events.js';
import type { OrderChange } from '../normalize.js';

export function myOrdersDelivery(change: OrderChange, order: KitchenOrder): Delivery[] {
  const owner = change.current.owner_id;
  // Orders written by another program without an owner belong to nobody's my-orders.
  if (typeof owner !== 'string' || owner === '') return [];
  return [{ rooms: [ownerRoom(owner)], event: { type: `order.${change.kind}`, data: order } }];
}
