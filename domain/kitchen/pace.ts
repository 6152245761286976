// GET /stations/{station}/pace: the pace a station works at now, as the quotes and fire times use
// it (one home for "how fast does this station work now"), and each of its dishes at that pace.
import type { StationPace } from '../../models/ticket.js';
import { requireKitchenStaff } from '../accounts/access.js';
import type { Principal } from '../accounts/principal.js';
import { asStation } from './stations.js';
import { SCHEDULE_MARGIN_MINUTES } from './schedule.js';
import type { KitchenQueues } from './kitchen-queues.js';
import { dishSpeed } from './pace-learner.js';

const tenth = (value: number) => Math.round(value * 10) / 10;

export function stationPace({ queues }: { queues: KitchenQueues }, principal: Principal | null, stationName: string): StationPace {
  requireKitchenStaff(principal, "read a station's pace");
  const station = asStation(stationName);
  const pace = queues.stations.get(station)!;
  const { factor, cooks } = pace.current();
  const dishes = queues
    .dishesAt(station)
    .map((dish) => ({
      dish_id: dish.id,
      name: dish.name,
      minutes: tenth(dish.preparation_time * dishSpeed(pace.learned, dish.id)),
      menu_minutes: dish.preparation_time,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.dish_id.localeCompare(b.dish_id));
  return {
    station,
    speed: Math.round(factor * 100) / 100,
    cooks,
    learned_from: pace.learned.learned_from,
    dishes,
    late_margin_minutes: SCHEDULE_MARGIN_MINUTES,
  };
}
