// Every station's queue and pace, kept in memory from the store's change events (both stores, on
// every instance): the quote for a new order and the re-estimate of an open one read running totals
// per station, never the open orders (O(stations) each).
import { STATIONS, type DishDoc, type Station } from '../../models/dish.js';
import type { KitchenPaceDoc } from '../../models/kitchen-pace.js';
import type { OrderDoc } from '../../models/order.js';
import type { Ticket } from '../../models/ticket.js';
import { SETTINGS_ID, type SettingsDoc } from '../../models/settings.js';
import type { OrderItem } from '../../models/order-item.js';
import type { ChangeEvent, Store } from '../../store/types.js';
import { KITCHEN_STATUSES, type KitchenBook } from '../views/kitchen-book.js';
import { LoadWhileChanging } from '../views/load-while-changing.js';
import type { StationTimes } from './fire-times.js';
import { PaceKeeper } from './pace-keeper.js';
import { StationPace } from './station-pace.js';

/** What a ticket's work is read from: an item's dish, its minutes, and whether it is still cooked. */
export type WorkItem = Pick<OrderItem, 'id' | 'dish_id' | 'minutes' | 'status'>;
type WorkOrder = { items?: readonly WorkItem[] | undefined; dish_ids?: readonly string[] };

/** A kitchen that stored no pace yet learns from the tickets readied in this last stretch (earlier versions kept none). */
const FIRST_LEARNING_MS = 12 * 3_600_000;

/** One ticket's station and menu minutes, as the view last saw it. */
interface Seen {
  station: Station;
  key: string;
  status: Ticket['status'] | 'Voided';
  work: number;
  /** Recalled from Ready: its next Ready is no measurement of its cooking. */
  recalled: boolean;
  fireAt: string | null;
}

/** One ticket of an order in the queues: its station, course and round (items added while it cooked, or a remake, come in the next). */
const ticketKey = (orderId: string, ticket: Ticket) => `${orderId}:${ticket.station}:${ticket.course ?? 1}:${ticket.round ?? 1}`;
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

export class KitchenQueues {
  readonly stations: ReadonlyMap<Station, StationPace> = new Map(STATIONS.map((station) => [station, new StationPace()]));
  private readonly dishes = new Map<string, DishDoc>();
  /** The tickets the view holds per open order (the orders themselves live in the kitchen book). */
  private readonly seen = new Map<string, Seen[]>();
  private readonly listeners: ((stations: ReadonlySet<Station>) => void)[] = [];
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;
  private readonly keeper: PaceKeeper;

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
    this.keeper = new PaceKeeper(store);
    this.unsubscribe = store.onChange((event) => this.changes.hear(event));
    // Another program changed the data (no event says which orders): the queues are read again.
    this.unsubscribeResync = store.onResync(() => {
      this.reading = this.reading.then(() => this.load(false)).catch(() => {});
    });
  }

  /**
   * Makes the queues what the store holds: the dishes and the open orders read (oldest first, as
   * they queued), every order held that is no longer in the kitchen taken out; at opening, each
   * station takes up the pace it stored and learns from the tickets readied since. Events that
   * arrive while it reads are applied after it.
   */
  private async load(opening: boolean): Promise<void> {
    const read = async () => {
      const [dishes, open, settings, stored] = await Promise.all([
        this.store.collection('dishes').find([]),
        this.store.collection('orders').find([{ field: 'status', op: 'in', value: [...KITCHEN_STATUSES] }]),
        this.store.collection('settings').get(SETTINGS_ID),
        opening ? this.keeper.read() : null,
      ]);
      return { dishes, open, settings, stored, recent: stored ? await this.readiedSince(stored) : null };
    };
    await this.changes.load(read, ({ dishes, open, settings, stored, recent }) => {
      const moved = new Set<Station>();
      this.dishes.clear();
      for (const dish of dishes) this.dishes.set(dish.id, dish);
      this.staff(settings);
      if (stored && recent) this.takeUp(stored, recent);
      open.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      const ids = new Set(open.map((order) => order.id));
      for (const id of [...this.seen.keys()]) if (!ids.has(id)) for (const station of this.put(null, id)) moved.add(station);
      for (const order of open) for (const station of this.put(order)) moved.add(station);
      if (moved.size > 0) for (const listener of this.listeners) listener(moved);
    });
  }

  /** Where each station's stored pace ends, and the orders written since the earliest of those. */
  private async readiedSince(stored: Map<Station, KitchenPaceDoc>): Promise<{ untils: string[]; orders: OrderDoc[] }> {
    const untils = STATIONS.map(
      (station) => stored.get(station)?.learned_until ?? new Date(this.now().getTime() - FIRST_LEARNING_MS).toISOString(),
    );
    const since = untils.reduce((earliest, until) => (until < earliest ? until : earliest));
    return { untils, orders: await this.store.collection('orders').find([{ field: 'updated_at', op: 'gt', value: since }]) };
  }

  /** Each station's stored pace, then the tickets readied after it (a restart, or a crash before the last write). */
  private takeUp(stored: Map<Station, KitchenPaceDoc>, { untils, orders }: { untils: string[]; orders: OrderDoc[] }): void {
    for (const [station, doc] of stored) this.stations.get(station)!.restore(doc);
    const readied = orders.flatMap((order) =>
      (order.tickets ?? [])
        .filter((ticket) => ticket.status === 'Ready' && ticket.ready_at && ticket.ready_at > untils[STATIONS.indexOf(ticket.station)]!)
        .map((ticket) => ({ order, ticket })),
    );
    readied.sort((a, b) => a.ticket.ready_at!.localeCompare(b.ticket.ready_at!));
    for (const { order, ticket } of readied) this.learnFrom(order, ticket, ticketKey(order.id, ticket), false);
  }

  /** A ticket readied: its station learns from it, and what it learned is stored. */
  private learnFrom(order: OrderDoc, ticket: Ticket, key: string, recalled: boolean): void {
    const readyAt = time(ticket.ready_at) ?? this.now().getTime();
    const pace = this.stations.get(ticket.station)!;
    pace.ready(key, {
      work: this.workOf(order, ticket.station, ticket),
      longest: this.longestAt(order, ticket.station, ticket),
      startedAt: time(ticket.started_at),
      readyAt,
      recalled,
    });
    this.keeper.changed(ticket.station, pace.learned, readyAt);
  }

  /** Tonight's staffing from the settings document (absent: every station as learned). */
  private staff(settings: SettingsDoc | null): void {
    const staffing = (settings as { staffing?: Partial<Record<Station, number | null>> } | null)?.staffing;
    for (const [station, pace] of this.stations) pace.staff(staffing?.[station] ?? null);
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

  /** Stops following the store; what was learned and not yet stored is written. */
  async close(): Promise<void> {
    this.unsubscribe();
    this.unsubscribeResync();
    await this.keeper.flush();
  }

  /**
   * Menu minutes of an order's ticket at a station: the longest `minutes` of the items it cooks (the
   * ticket's live items when given, else the order's active items of that station).
   */
  workOf(order: WorkOrder, station: Station, ticket?: Ticket): number {
    return this.cooked(order, station, ticket).reduce((work, item) => Math.max(work, item.minutes), 0);
  }

  /**
   * The dishes of an order's ticket at a station that set its time (the longest there), each with
   * the minutes its options added to its preparation_time: what the dish paces learn from.
   */
  private longestAt(order: WorkOrder, station: Station, ticket: Ticket): { dish_id: string; added: number }[] {
    const cooked = this.cooked(order, station, ticket);
    const work = cooked.reduce((most, item) => Math.max(most, item.minutes), 0);
    const ids = [...new Set(cooked.filter((item) => item.minutes === work).map((item) => item.dish_id))];
    // A dish deleted since: its item's minutes are all that is known of it.
    return ids.map((dish_id) => ({ dish_id, added: work - (this.dishes.get(dish_id)?.preparation_time ?? work) }));
  }

  /** The dishes a ticket cooks, each with its menu minutes (an item's own, options included). */
  private cooked(order: WorkOrder, station: Station, ticket?: Ticket): { dish_id: string; minutes: number }[] {
    // An order written around the API, without items: its dishes' menu minutes.
    if (order.items === undefined)
      return (order.dish_ids ?? []).flatMap((id) => {
        const dish = this.dishes.get(id);
        return dish?.station === station ? [{ dish_id: id, minutes: dish.preparation_time }] : [];
      });
    const listed = ticket?.items ? new Set(ticket.items.filter((entry) => entry.status !== 'Voided').map((entry) => entry.item_id)) : null;
    return order.items.filter(
      (item) => item.status === 'Active' && (listed ? listed.has(item.id) : this.dishes.get(item.dish_id)?.station === station),
    );
  }

  /** The menu's dishes cooked at a station. */
  dishesAt(station: Station): DishDoc[] {
    return [...this.dishes.values()].filter((dish) => dish.station === station);
  }

  private apply(event: ChangeEvent): void {
    if (event.collection === 'dishes') {
      this.dishes.delete(event.id);
      if (event.after) this.dishes.set(event.id, event.after as DishDoc);
      return;
    }
    if (event.collection === 'settings' && event.id === SETTINGS_ID) {
      this.staff(event.after as SettingsDoc | null);
      if (this.listeners.length > 0) for (const listener of this.listeners) listener(new Set(STATIONS));
      return;
    }
    if (event.collection !== 'orders') return;
    const after = event.after as OrderDoc | null;
    const moved = this.put(after && KITCHEN_STATUSES.includes(after.status) ? after : null, event.id);
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
      const old = before.get(key);
      before.delete(key);
      const recalled = (old?.recalled ?? false) || (old?.status === 'Ready' && status !== 'Ready');
      const fireAt = ticket.fire_at ?? null;
      now.push({ station: ticket.station, key, status, work, recalled, fireAt });
      if (old && old.status === status && old.work === work && old.fireAt === fireAt) continue;
      const pace = this.stations.get(ticket.station)!;
      moved.add(ticket.station);
      if (old) pace.remove(key);
      if (status === 'Received') pace.enqueue(key, work);
      else if (status === 'Draft' && ticket.fire_at) pace.hold(key, work, Date.parse(ticket.fire_at));
      else if (status === 'In Progress') pace.start(key, work, time(ticket.started_at) ?? this.now().getTime());
      else if (status === 'Ready' && old && old.status !== 'Ready') this.learnFrom(order!, ticket, key, old.recalled);
    }
    for (const old of before.values()) {
      this.stations.get(old.station)!.remove(old.key);
      moved.add(old.station);
    }
    for (const station of moved) this.stations.get(station)!.take(this.now().getTime());
    if (order) this.seen.set(id, now);
    else this.seen.delete(id);
    return moved;
  }

  /** When the open order is now expected to be Ready for Assembly (its ready_at once it is). */
  expectedReadyAt(order: OrderDoc, now: number): number | null {
    if (order.status === 'Ready for Assembly') return time(order.ready_at);
    let latest: number | null = null;
    for (const ticket of order.tickets ?? []) {
      if ((ticket.status as Seen['status']) === 'Voided') continue;
      const at = this.ticketReadyAt(order, ticket, now);
      latest = latest === null ? at : Math.max(latest, at);
    }
    return latest;
  }

  /** When one ticket of an open order is expected Ready: readied, cooking, queued, or held until its fire time. */
  private ticketReadyAt(order: OrderDoc, ticket: Ticket, now: number): number {
    const pace = this.stations.get(ticket.station)!;
    const work = this.workOf(order, ticket.station, ticket);
    const key = ticketKey(order.id, ticket);
    if (ticket.status === 'Ready') return time(ticket.ready_at) ?? now;
    if (ticket.status === 'Draft')
      return pace.quote(now, Math.max(now, time(ticket.fire_at) ?? time(order.fire_at) ?? now), work, undefined, key);
    return pace.estimate(key, now) ?? pace.quote(now, now, work);
  }

  /** When each station would have a ticket Ready, fired when, at its pace and queues now: what fire times are planned and re-timed by. */
  stationTimes(): StationTimes {
    return {
      newReady: (station, dishes, firedAt, now) => {
        const work = dishes.reduce((most, dish) => Math.max(most, dish.preparation_time), 0);
        return this.stations.get(station)!.quote(now, Math.max(now, firedAt), work);
      },
      heldReady: (order, ticket, firedAt, now) =>
        this.stations
          .get(ticket.station)!
          .quote(now, Math.max(now, firedAt), this.workOf(order, ticket.station, ticket), undefined, ticketKey(order.id, ticket)),
      readyAt: (order, ticket, now) => this.ticketReadyAt(order, ticket, now),
    };
  }
}
