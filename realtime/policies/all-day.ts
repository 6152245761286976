// station.all_day: a station's counts, sent to its room whenever a committed batch changed them
// (an order placed, bumped, released, edited or deleted), once per station per batch.
import { allDayPart } from '../../domain/stations.js';
import { STATIONS, type Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import { stationRoom } from '../rooms.js';

/** What an order adds to a station's counts: which part, its dishes and when it fires. */
function share(order: OrderDoc | null, station: Station): string {
  const part = order && allDayPart(order, station);
  return part ? `${part}|${order.fire_at}|${order.dish_ids.join()}` : '';
}

export async function allDayUpdates(batch: readonly Change[], view: KitchenView): Promise<Delivery[]> {
  const changed = new Set<Station>();
  for (const change of batch) {
    if (change.collection !== 'orders') continue;
    const before = change.kind === 'created' ? null : (change.previous ?? null);
    const after = change.kind === 'deleted' ? null : change.current;
    // Without a pre-image nobody can tell what changed: the order's stations are sent afresh.
    const unknown = change.kind === 'updated' && change.previous === null;
    for (const station of STATIONS) {
      const was = change.kind === 'deleted' ? share(change.current, station) : share(before, station);
      if (unknown ? share(after, station) !== '' : was !== share(after, station)) changed.add(station);
    }
  }
  const updates = await Promise.all([...changed].map(async (station) => ({ station, counts: await view.allDay(station) })));
  return updates.map(({ station, counts }) => ({ rooms: [stationRoom(station)], event: { type: 'station.all_day', data: counts } }));
}
