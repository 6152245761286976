// A reference, not an estimator: the same services quoted with each station's pace set to what the
// simulation's cooks really are (their speed and number), which no server can know. What is left of
// the error then is the cooks' own variation; the rest of the live quote's error is learning the pace.
import { KitchenQueues } from '../../domain/kitchen/kitchen-queues.js';
import { StationPace } from '../../domain/kitchen/station-pace.js';
import type { Station } from '../../models/dish.js';
import type { SimulationOptions } from './simulation.js';

/** Runs `run` with every station's pace replaced by the cooks' true speed and count; restores them after. */
export async function withKnownPace<T>(options: SimulationOptions, run: () => Promise<T>): Promise<T> {
  const station = new WeakMap<StationPace, Station>();
  const open = KitchenQueues.open.bind(KitchenQueues);
  const relearn = Object.getOwnPropertyDescriptor(StationPace.prototype, 'relearn')!.value as StationPace['relearn'];
  KitchenQueues.open = async (...args) => {
    const queues = await open(...args);
    for (const [name, pace] of queues.stations) {
      station.set(pace, name);
      pace.relearn(args[1]().getTime());
    }
    return queues;
  };
  StationPace.prototype.relearn = function (this: StationPace, now: number) {
    relearn.call(this, now);
    const name = station.get(this);
    if (name) Object.assign(this.current(), { factor: options.stations[name].speed, cooks: options.stations[name].cooks });
  };
  try {
    return await run();
  } finally {
    KitchenQueues.open = open;
    StationPace.prototype.relearn = relearn;
  }
}
