// Stock matters to every screen: stations and the expeditor see what runs low, the ordering app
// shows quantities. So ingredient events go to every room (once per client, whatever its rooms).
import type { Delivery } from '../events.js';
import type { IngredientChange } from '../normalize.js';
import { ALL_ROOMS } from '../rooms.js';
import { publicIngredient } from './public-fields.js';

export function ingredientDeliveries(change: IngredientChange): Delivery[] {
  return [{ rooms: ALL_ROOMS, event: { type: `ingredient.${change.kind}`, data: publicIngredient(change.current) } }];
}
