// Per-collection policies put together: every change of a committed batch in commit order, then
// the availability flips the batch caused.
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import { availabilityFlips } from './availability.js';
import { dishDeliveries } from './dishes.js';
import { ingredientDeliveries } from './ingredients.js';
import { orderDeliveries } from './orders.js';

export async function deliveriesFor(batch: readonly Change[], view: KitchenView): Promise<Delivery[]> {
  const perChange = await Promise.all(batch.map((change) => deliveriesOf(change, view)));
  return [...perChange.flat(), ...(await availabilityFlips(batch, view))];
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
