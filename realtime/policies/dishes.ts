// The menu hears of every dish change, with the dish's availability at that moment.
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { DishChange } from '../normalize.js';
import { ingredientsOf, publicDish } from './public-fields.js';

export function dishDeliveries(change: DishChange, view: KitchenView): Delivery[] {
  const stock = view.stock(ingredientsOf([change.current]));
  return [{ rooms: ['menu'], event: { type: `dish.${change.kind}`, data: publicDish(change.current, stock) } }];
}
