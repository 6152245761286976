// station.all_day: a station's counts, sent to its room whenever a committed batch changed them
// (an order placed, bumped to or from Ready, released, edited or deleted), once per station per
// batch. The counts are kept in memory order by order (domain/kitchen/all-day.ts), loaded from the store
// on first use and again after a resync or a dish change (a dish may have moved station).
import { allDayShare, type AllDayTally } from '../../domain/kitchen/all-day.js';
import { dishesFor } from '../../domain/menu/dishes.js';
import { tallyOf } from '../../domain/orders/stations.js';
import { STATIONS, type Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { StoreSession } from '../../store/types.js';
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change, OrderChange } from '../normalize.js';
import { stationRoom } from '../rooms.js';

/** What an order adds to a station's counts: which part each of its tickets there is in, when it fires, and its dishes. */
const share = (order: OrderDoc | null, station: Station): string => allDayShare(order, station);

/** The stations whose counts the order change may have moved. */
function stationsMoved(change: OrderChange): Station[] {
  const before = change.kind === 'created' ? null : change.kind === 'deleted' ? change.current : change.previous;
  const after = change.kind === 'deleted' ? null : change.current;
  // Without a pre-image nobody can tell what changed: the order's stations hear afresh.
  const unknown = change.kind === 'updated' && change.previous === null;
  return STATIONS.filter((station) => (unknown ? share(after, station) !== '' : share(before, station) !== share(after, station)));
}

export class AllDayBoard {
  private tallies: Promise<Map<Station, AllDayTally>> | null = null;

  constructor(
    private readonly store: StoreSession,
    private readonly now: () => Date,
  ) {}

  /** Forget the counts: the next batch reloads them from the store. */
  reset(): void {
    this.tallies = null;
  }

  async updates(batch: readonly Change[], view: KitchenView): Promise<Delivery[]> {
    if (batch.some((change) => change.collection === 'dishes')) this.reset();
    const orders = batch.filter((change): change is OrderChange => change.collection === 'orders');
    const moved = new Set(orders.flatMap(stationsMoved));
    if (moved.size === 0) return [];
    // A fresh load already holds this batch (it is committed); applying it again changes nothing.
    const fresh = this.tallies === null;
    const tallies = await (this.tallies ??= this.load());
    if (!fresh) {
      const dishes = view.dishes(orders.flatMap((change) => change.current.dish_ids));
      for (const change of orders) {
        for (const tally of tallies.values()) {
          if (change.kind === 'deleted') tally.remove(change.current.id);
          else tally.put(change.current, dishes);
        }
      }
    }
    const at = this.now();
    return [...moved].map((station) => ({
      rooms: [stationRoom(station)],
      event: { type: 'station.all_day', data: tallies.get(station)!.counts(at) },
    }));
  }

  private async load(): Promise<Map<Station, AllDayTally>> {
    const loaded = Promise.all(STATIONS.map(async (station) => [station, await this.loadStation(station)] as const)).then(
      (entries) => new Map(entries),
    );
    // A failed load is tried again by the next batch rather than kept.
    loaded.catch(() => this.reset());
    return loaded;
  }

  /** The station's counts from what the store holds now: this batch and any committed since. */
  private async loadStation(station: Station): Promise<AllDayTally> {
    const orders = await this.store.collection('orders').find([
      { field: 'status', op: 'in', value: ['Draft', 'Received', 'In Progress'] },
      { field: 'tickets.station', op: 'eq', value: station },
    ]);
    const dishes = await dishesFor(
      this.store,
      orders.flatMap((order) => order.dish_ids),
      false,
    );
    return tallyOf(station, orders, new Map(dishes.map((dish) => [dish.id, dish])));
  }
}
