// Per-collection policies put together: the orders a committed batch wrote first, then its other
// changes in commit order, then the availability flips the batch caused and the stations' new
// all-day counts.
//
// A batch is one transaction: its clients could not have seen any part of it before the rest, so
// the order of its events is ours to choose. An order's own event leads, ahead of the stock updates
// it caused, because the station screens wait for it. Envelope ids are stamped in this order, so
// they still grow in the order clients receive them.
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import type { AllDayBoard } from './all-day.js';
import { availabilityFlips } from './availability.js';
import { dishDeliveries } from './dishes.js';
import { ingredientDeliveries } from './ingredients.js';
import { orderDeliveries } from './orders.js';

export async function deliveriesFor(batch: readonly Change[], view: KitchenView, allDay: AllDayBoard): Promise<Delivery[]> {
  const ordered = [...batch.filter((change) => change.collection === 'orders'), ...batch.filter((change) => change.collection !== 'orders')];
  const perChange = await Promise.all(ordered.map((change) => deliveriesOf(change, view)));
  return [...perChange.flat(), ...(await availabilityFlips(batch, view)), ...(await allDay.updates(batch, view))];
}

function deliveriesOf(change: Change, view: KitchenView): Promise<Delivery[]> | Delivery[] {
  switch (change.collection) {
    case 'orders':
      return orderDeliveries(change, view);
    case 'dishes':
      return dishDeliveries(change, view);
    case 'ingredients':
      return ingredientDeliveries(change);
  }
}
