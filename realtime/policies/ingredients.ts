// Stock goes to the menu room, beside the dishes and their availability. The kitchen rooms carry
// orders only: no station screen or expeditor board shows stock (a station learns what it can still
// make from each dish's `is_available`), and an order's stock updates (one per ingredient it used)
// would otherwise reach every kitchen screen ahead of, and several times the size of, the order
// itself. Kitchen staff who do want stock on a screen subscribe to `menu` as well; GET /ingredients
// is public, so the menu room shows nobody anything new.
import type { Delivery } from '../events.js';
import type { IngredientChange } from '../normalize.js';
import { publicIngredient } from './public-fields.js';

export function ingredientDeliveries(change: IngredientChange): Delivery[] {
  return [{ rooms: ['menu'], event: { type: `ingredient.${change.kind}`, data: publicIngredient(change.current) } }];
}
