// Per-collection policies put together. A committed batch's deliveries go out kitchen first: the
// orders it wrote, then the stations' new all-day counts; then the menu's: its other changes in
// commit order, then one `stock.updated` for every stock level it changed, then the availability
// flips the batch caused.
//
// A batch is one commit: its clients could not have seen any part of it before the rest, so the
// order of its events is ours to choose. The kitchen's lead because the station screens wait for
// them, and because a client's packets leave once the last event of the batch that reaches it is
// out (transports/socketio-batch.ts): a station screen is then written before any menu event is
// even encoded. Envelope ids are stamped in this order, so they still grow in the order clients
// receive them.
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import type { AllDayBoard } from './all-day.js';
import { availabilityFlips } from './availability.js';
import { dishDeliveries } from './dishes.js';
import { ingredientDeliveries, stockUpdates } from './ingredients.js';
import { orderDeliveries } from './orders.js';

export async function deliveriesFor(batch: readonly Change[], view: KitchenView, allDay: AllDayBoard): Promise<Delivery[]> {
  const orders = await Promise.all(batch.flatMap((change) => (change.collection === 'orders' ? [orderDeliveries(change, view)] : [])));
  const counts = await allDay.updates(batch, view);
  const menu = await Promise.all(batch.map((change) => menuDeliveriesOf(change, view)));
  return [...orders.flat(), ...counts, ...menu.flat(), ...stockUpdates(batch), ...(await availabilityFlips(batch, view))];
}

function menuDeliveriesOf(change: Change, view: KitchenView): Promise<Delivery[]> | Delivery[] {
  switch (change.collection) {
    case 'orders':
      return [];
    case 'dishes':
      return dishDeliveries(change, view);
    case 'ingredients':
      return ingredientDeliveries(change);
  }
}
