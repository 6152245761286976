// Who hears of an order: the expeditor always, with every dish; each station the order concerns,
// with only that station's dishes.
import { STATIONS, type DishDoc } from '../../models/dish.js';
import type { Delivery, KitchenOrder } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { OrderChange } from '../normalize.js';
import { stationRoom } from '../rooms.js';
import { myOrdersDelivery } from './my-orders.js';
import { ingredientsOf, publicDish, publicOrder } from './public-fields.js';

/**
 * A station is concerned when the order holds one of its dishes, or held one until this update:
 * that station then gets the update once with `dishes: []`, so its screen can drop the order.
 * Deletions route from the order as it last was (the change's document), never from memory.
 */
export function orderDeliveries(change: OrderChange, view: KitchenView): Delivery[] {
  const type = `order.${change.kind}` as const;
  const earlierIds = change.kind === 'updated' ? (change.previous?.dish_ids ?? []) : [];
  const known = view.dishes([...change.current.dish_ids, ...earlierIds]);
  const stock = view.stock(ingredientsOf(known.values()));
  // dish_ids order with duplicates kept: a dish listed twice is prepared twice.
  const dishes = lookUp(change.current.dish_ids, known).map((dish) => publicDish(dish, stock));
  const order = publicOrder(change.current);
  const concerned = new Set(lookUp([...change.current.dish_ids, ...earlierIds], known).map((dish) => dish.station));
  const forStation = (station: DishDoc['station']): KitchenOrder => ({
    ...order,
    dishes: dishes.filter((dish) => dish.station === station),
  });
  return [
    ...STATIONS.filter((station) => concerned.has(station)).map((station) => ({
      rooms: [stationRoom(station)],
      event: { type, data: forStation(station) },
    })),
    { rooms: ['expeditor'], event: { type, data: { ...order, dishes } } },
    ...myOrdersDelivery(change, { ...order, dishes }),
  ];
}

/** The dishes behind the ids, in order; ids of dishes since deleted are skipped. */
function lookUp(ids: readonly string[], known: ReadonlyMap<string, DishDoc>): DishDoc[] {
  return ids.flatMap((id) => known.get(id) ?? []);
}
