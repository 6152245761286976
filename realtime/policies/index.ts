// Per-collection policies put together. A committed batch's deliveries go out kitchen first, room by
// room: each station's order events and then its new all-day counts, the expeditor's, the owners'
// (my-orders); then the menu's: its other changes in commit order, then one `stock.updated` for
// every stock level it changed, then the availability flips the batch caused; last, the printers'.
//
// A batch is one commit: its clients could not have seen any part of it before the rest, so the
// order of its events is ours to choose, as long as each room's stay in commit order. A client's
// packets leave once the last event of the batch that reaches it is out
// (transports/socketio-fanout.ts), so the stations' screens, which cook what they show, are written
// before the expeditor's events or any menu event are even encoded. Envelope ids are stamped in
// this order, so they still grow in the order clients receive them.
import type { Audience, Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import { STATION_ROOMS } from '../rooms.js';
import type { AllDayBoard } from './all-day.js';
import { availabilityFlips } from './availability.js';
import { dishDeliveries } from './dishes.js';
import { ingredientDeliveries, stockUpdates } from './ingredients.js';
import { orderDeliveries } from './orders.js';
import { printerDeliveries } from './printers.js';
import { settingsDeliveries } from './settings.js';

/** `lowPortions`: the setting at or below which a dish's portions left are announced. */
export async function deliveriesFor(
  batch: readonly Change[],
  view: KitchenView,
  allDay: AllDayBoard,
  lowPortions?: number,
): Promise<Delivery[]> {
  const orders = batch.flatMap((change) => (change.collection === 'orders' ? orderDeliveries(change, view) : []));
  const counts = await allDay.updates(batch, view);
  const menu = batch.flatMap((change) => menuDeliveriesOf(change, view));
  const kitchen = [...orders, ...counts].sort((a, b) => kitchenRank(a.rooms) - kitchenRank(b.rooms));
  return [
    ...kitchen,
    ...settingsDeliveries(batch),
    ...menu,
    ...stockUpdates(batch),
    ...availabilityFlips(batch, view, lowPortions),
    ...printerDeliveries(batch),
  ];
}

/** Stations first (in station order), then the expeditor, then owners' rooms. A stable sort keeps commit order within each. */
function kitchenRank(rooms: Audience): number {
  const room = rooms === 'everyone' ? '' : (rooms[0] ?? '');
  const station = (STATION_ROOMS as readonly string[]).indexOf(room);
  return station >= 0 ? station : room === 'expeditor' ? STATION_ROOMS.length : STATION_ROOMS.length + 1;
}

function menuDeliveriesOf(change: Change, view: KitchenView): Delivery[] {
  switch (change.collection) {
    case 'orders':
    case 'settings':
    case 'printer_states':
      return [];
    case 'dishes':
      return dishDeliveries(change, view);
    case 'ingredients':
      return ingredientDeliveries(change);
  }
}
