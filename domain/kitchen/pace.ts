// GET /stations/{station}/pace: the pace a station works at now, as the quotes and fire times use
// it (one home for "how fast does this station work now"), and each of its dishes at that pace: its
// menu minutes as cooked here (preparation_time plus what its items' options added, as learned).
import type { StationPace } from '../../models/ticket.js';
import { requireKitchenStaff } from '../accounts/access.js';
import type { Principal } from '../accounts/principal.js';
import { asStation } from './stations.js';
import { SCHEDULE_MARGIN_MINUTES } from './schedule.js';
import type { KitchenQueues } from './kitchen-queues.js';
import { dishAdded, dishSpeed } from './pace-learner.js';

const tenth = (value: number) => Math.round(value * 10) / 10;

export function stationPace({ queues }: { queues: KitchenQueues }, principal: Principal | null, stationName: string): StationPace {
  requireKitchenStaff(principal, "read a station's pace");
  const station = asStation(stationName);
  const pace = queues.stations.get(station)!;
  const { factor, cooks } = pace.current();
  const dishes = queues
    .dishesAt(station)
    .map((dish) => {
      // Its items' menu minutes as this kitchen orders them: options included, as cooked.
      const menuMinutes = dish.preparation_time + dishAdded(pace.learned, dish.id);
      return {
        dish_id: dish.id,
        name: dish.name,
        minutes: tenth(menuMinutes * dishSpeed(pace.learned, dish.id)),
        menu_minutes: tenth(menuMinutes),
      };
    })
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
