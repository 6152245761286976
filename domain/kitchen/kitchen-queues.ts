// Every station's queue and pace, kept in memory from the store's change events (both stores, on
// every instance): the quote for a new order and the re-estimate of an open one read running totals
// per station, never the open orders (O(stations) each).
import { STATIONS, type DishDoc, type Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { Ticket } from '../../models/ticket.js';
import type { OrderItem } from '../../models/order-item.js';

/** What a ticket's work is read from: an item's dish, its minutes, and whether it is still cooked. */
export type WorkItem = Pick<OrderItem, 'id' | 'dish_id' | 'minutes' | 'status'>;
import type { ChangeEvent, Store } from '../../store/types.js';
import { KITCHEN_STATUSES, type KitchenBook } from '../views/kitchen-book.js';
import { LoadWhileChanging } from '../views/load-while-changing.js';
import { PACE_WINDOW_MS, StationPace } from './station-pace.js';

/** One ticket's station and menu minutes, as the view last saw it. */
interface Seen {
  station: Station;
  key: string;
  status: Ticket['status'] | 'Voided';
  work: number;
}

const ticketKey = (orderId: string, ticket: Ticket) => `${orderId}:${ticket.station}:${(ticket as { course?: number }).course ?? 1}`;
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

export class KitchenQueues {
  readonly stations: ReadonlyMap<Station, StationPace> = new Map(STATIONS.map((station) => [station, new StationPace()]));
  private readonly dishes = new Map<string, Pick<DishDoc, 'station' | 'preparation_time'>>();
  /** The tickets the view holds per open order (the orders themselves live in the kitchen book). */
  private readonly seen = new Map<string, Seen[]>();
  private readonly listeners: ((stations: ReadonlySet<Station>) => void)[] = [];
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  static async open(store: Store, now: () => Date, book: KitchenBook): Promise<KitchenQueues> {
    const queues = new KitchenQueues(store, now, book);
    queues.reading = queues.load(true);
    await queues.reading;
    return queues;
  }

  /** Events that arrive while the queues are read from the store, applied once they are. */
  private readonly changes = new LoadWhileChanging<ChangeEvent>((event) => this.apply(event));
  /** The last read from the store: another waits for it (a resync during opening). */
  private reading: Promise<void> = Promise.resolve();

  private constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly book: KitchenBook,
  ) {
    this.unsubscribe = store.onChange((event) => this.changes.hear(event));
    // Another program changed the data (no event says which orders): the queues are read again.
    this.unsubscribeResync = store.onResync(() => {
      this.reading = this.reading.then(() => this.load(false)).catch(() => {});
    });
  }

  /**
   * Makes the queues what the store holds: the dishes and the open orders read (oldest first, as
   * they queued), every order held that is no longer in the kitchen taken out; at opening, the
   * tickets readied within the pace window teach each station its pace first. Events that arrive
   * while it reads are applied after it.
   */
  private async load(opening: boolean): Promise<void> {
    const since = new Date(this.now().getTime() - PACE_WINDOW_MS).toISOString();
    const read = () =>
      Promise.all([
        this.store.collection('dishes').find([]),
        this.store.collection('orders').find([{ field: 'status', op: 'in', value: [...KITCHEN_STATUSES] }]),
        opening ? this.store.collection('orders').find([{ field: 'updated_at', op: 'gte', value: since }]) : [],
      ]);
    await this.changes.load(read, ([dishes, open, recent]) => {
      const moved = new Set<Station>();
      this.dishes.clear();
      for (const dish of dishes) this.dishes.set(dish.id, dish);
      // Tickets readied lately teach the pace first, in the order they were readied.
      const readied = recent.flatMap((order) =>
        (order.tickets ?? [])
          .filter((ticket) => ticket.status === 'Ready' && ticket.ready_at && ticket.ready_at >= since)
          .map((ticket) => ({ order, ticket })),
      );
      readied.sort((a, b) => a.ticket.ready_at!.localeCompare(b.ticket.ready_at!));
      for (const { order, ticket } of readied)
        this.stations
          .get(ticket.station)
          ?.ready(ticketKey(order.id, ticket), this.workOf(order, ticket.station, ticket), time(ticket.started_at), time(ticket.ready_at)!);
      open.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      const ids = new Set(open.map((order) => order.id));
      for (const id of [...this.seen.keys()]) if (!ids.has(id)) for (const station of this.put(null, id)) moved.add(station);
      for (const order of open) for (const station of this.put(order)) moved.add(station);
      const at = this.now().getTime();
      for (const station of opening ? STATIONS : moved) this.stations.get(station)!.relearn(at);
      if (moved.size > 0) for (const listener of this.listeners) listener(moved);
    });
  }

  /**
   * Resolves once every reload a resync has started so far is done: the queues then hold what the
   * store held at it. GET /quote waits for it; the order path and the re-estimates do not.
   */
  reloaded(): Promise<void> {
    return this.reading;
  }

  /** The last write let onto the line: the next waits for it (oneAtATime). */
  private line: Promise<unknown> = Promise.resolve();

  /**
   * Runs `place` (a quote read from these queues, and the write that queues the order) after every
   * earlier one here has committed and its change has reached the queues (store.settled(): at once
   * on SQLite, through the change stream on MongoDB). Each is thus quoted against those before it:
   * N concurrent orders are taken exactly as if sent one after another (per process).
   */
  oneAtATime<T>(place: () => Promise<T>): Promise<T> {
    const run = this.line.then(async () => {
      await this.store.settled();
      return place();
    });
    this.line = run.catch(() => undefined);
    return run;
  }

  /** The open orders (shared documents: never edit one), as the re-estimates walk them. */
  get open(): ReadonlyMap<string, OrderDoc> {
    return this.book.current;
  }

  /** Told, after each change of the queues, which stations moved. */
  onMove(listener: (stations: ReadonlySet<Station>) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
  }

  /**
   * Menu minutes of an order's ticket at a station: the longest `minutes` of the items it cooks (the
   * ticket's live items when given, else the order's active items of that station).
   */
  workOf(order: { items?: readonly WorkItem[] | undefined; dish_ids?: readonly string[] }, station: Station, ticket?: Ticket): number {
    // An order written around the API, without items: its dishes' menu minutes.
    if (order.items === undefined) return this.menuWork(order.dish_ids ?? [], station);
    const listed = ticket?.items ? new Set(ticket.items.filter((entry) => entry.status !== 'Voided').map((entry) => entry.item_id)) : null;
    let work = 0;
    for (const item of order.items ?? []) {
      if (item.status !== 'Active') continue;
      if (listed ? !listed.has(item.id) : this.dishes.get(item.dish_id)?.station !== station) continue;
      work = Math.max(work, item.minutes);
    }
    return work;
  }

  private menuWork(dishIds: readonly string[], station: Station): number {
    let work = 0;
    for (const id of dishIds) {
      const dish = this.dishes.get(id);
      if (dish?.station === station) work = Math.max(work, dish.preparation_time);
    }
    return work;
  }

  private apply(event: ChangeEvent): void {
    if (event.collection === 'dishes') {
      this.dishes.delete(event.id);
      if (event.after) this.dishes.set(event.id, event.after as DishDoc);
      return;
    }
    if (event.collection !== 'orders') return;
    const after = event.after as OrderDoc | null;
    const moved = this.put(after && KITCHEN_STATUSES.includes(after.status) ? after : null, event.id);
    const at = this.now().getTime();
    for (const station of moved) this.stations.get(station)!.relearn(at);
    if (moved.size > 0) for (const listener of this.listeners) listener(moved);
  }

  /** Makes the view hold `order` as it is now (null: out of the kitchen); returns the stations whose queue changed. */
  private put(order: OrderDoc | null, id = order?.id ?? ''): Set<Station> {
    const before = new Map((this.seen.get(id) ?? []).map((seen) => [seen.key, seen]));
    const now: Seen[] = [];
    const moved = new Set<Station>();
    for (const ticket of order?.tickets ?? []) {
      const key = ticketKey(id, ticket);
      const work = this.workOf(order!, ticket.station, ticket);
      const status = ticket.status as Seen['status'];
      now.push({ station: ticket.station, key, status, work });
      const old = before.get(key);
      before.delete(key);
      if (old && old.status === status && old.work === work) continue;
      const pace = this.stations.get(ticket.station)!;
      moved.add(ticket.station);
      if (old) pace.remove(key);
      if (status === 'Received') pace.enqueue(key, work);
      else if (status === 'In Progress') pace.start(key, work, time(ticket.started_at) ?? this.now().getTime());
      else if (status === 'Ready' && old && old.status !== 'Ready')
        pace.ready(key, work, time(ticket.started_at), time(ticket.ready_at) ?? this.now().getTime());
    }
    for (const old of before.values()) {
      this.stations.get(old.station)!.remove(old.key);
      moved.add(old.station);
    }
    if (order) this.seen.set(id, now);
    else this.seen.delete(id);
    return moved;
  }

  /** When the open order is now expected to be Ready for Assembly (its ready_at once it is). */
  expectedReadyAt(order: OrderDoc, now: number): number | null {
    if (order.status === 'Ready for Assembly') return time(order.ready_at);
    let latest: number | null = null;
    for (const ticket of order.tickets ?? []) {
      const status = ticket.status as Seen['status'];
      if (status === 'Voided') continue;
      const pace = this.stations.get(ticket.station)!;
      const work = this.workOf(order, ticket.station, ticket);
      const at =
        status === 'Ready'
          ? (time(ticket.ready_at) ?? now)
          : status === 'Draft'
            ? pace.quote(now, Math.max(now, time((ticket as { fire_at?: string | null }).fire_at) ?? time(order.fire_at) ?? now), work)
            : (pace.estimate(ticketKey(order.id, ticket), now) ?? pace.quote(now, now, work));
      latest = latest === null ? at : Math.max(latest, at);
    }
    return latest;
  }
}
