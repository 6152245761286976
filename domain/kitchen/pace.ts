// GET /stations/{station}/pace: the pace a station's board judges its tickets by, from the queues
// the quotes read (one home for "how fast does this station work now").
import type { StationPace } from '../../models/ticket.js';
import { requireKitchenStaff } from '../accounts/access.js';
import type { Principal } from '../accounts/principal.js';
import { asStation } from '../orders/stations.js';
import { SCHEDULE_MARGIN_MINUTES } from '../orders/schedule.js';
import type { KitchenQueues } from './kitchen-queues.js';

export function stationPace({ queues }: { queues: KitchenQueues }, principal: Principal | null, stationName: string): StationPace {
  requireKitchenStaff(principal, "read a station's pace");
  const station = asStation(stationName);
  const { factor, learned } = queues.stations.get(station)!.current();
  return { station, factor: Math.round(factor * 100) / 100, learned, late_margin_minutes: SCHEDULE_MARGIN_MINUTES };
}
