// The quote simulation: a service replayed in-process against simulated cooks with known speeds
// per station, through the real domain (createOrder, moveStationTicket, the live queues) on the
// embedded store, with a simulated clock, so three hours run in seconds. For every order it
// compares quoted_ready_at, and the naive quote (placed + longest preparation_time), with the
// moment the order really became Ready for Assembly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KitchenQueues } from '../../domain/kitchen/kitchen-queues.js';
import { KitchenBook } from '../../domain/views/kitchen-book.js';
import { createOrder } from '../../domain/orders/orders.js';
import type { Principal } from '../../domain/accounts/principal.js';
import { moveStationTicket } from '../../domain/orders/stations.js';
import { OrderScheduler } from '../../domain/orders/scheduler.js';
import { ExpectedTimes } from '../../domain/kitchen/expected-times.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Station } from '../../models/dish.js';
import { openSqliteStore } from '../../store/sqlite/index.js';

export const MINUTE = 60_000;

export interface StationCooks {
  cooks: number;
  /** Real minutes per menu minute: 1.25 is a line 25 % slower than the menu says. */
  speed: number;
}

export interface Phase {
  /** Minutes from the start of service. */
  from: number;
  to: number;
  /** Mean minutes between orders (arrivals are Poisson). */
  every: number;
  name: string;
}

export interface SimulationOptions {
  minutes: number;
  phases: Phase[];
  stations: Record<Station, StationCooks>;
  /** Spread of each ticket's cooking time around its mean (log-normal sigma). */
  noise: number;
  seed: number;
  /** Share of tickets a cook bumps with one tap when done (no Start while cooking): 0 by default. */
  oneTap?: number;
  /**
   * A station that loses one cook this many minutes into the phase named `rush` (the tickets it cooks
   * are finished): mid-rush however long the service, never in the drain after the last order.
   */
  cookLost?: { station: Station; intoRush: number };
  /** A data directory kept between services (the pace carried over); its day is `day` days after the first. */
  dataDir?: string;
  day?: number;
  /**
   * A share of the orders placed `together`: one dish of each station (a salad, a main, a drink),
   * fired by the given rule (see FireRule). Off by default: the quote figures are of `at_once` orders.
   */
  together?: { share: number; fire: FireRule };
}

/**
 * How a `together` order's tickets fire. `queue-aware`: the server's own fire times (placed with
 * pacing `together`; the scheduler fires each held ticket, the re-estimate pass re-times it as the
 * queues move). `menu-minutes`: the naive baseline, kept in this bench only: every ticket fires at
 * due − its dishes' menu minutes, due being placed + the slowest station's menu minutes (the order
 * is placed `at_once` and the simulated cooks hold each ticket until then).
 */
export type FireRule = 'queue-aware' | 'menu-minutes';

const MENU: { name: string; station: Station; preparation_time: number }[] = [
  { name: 'Green Salad', station: 'cold', preparation_time: 8 },
  { name: 'Carpaccio', station: 'cold', preparation_time: 6 },
  { name: 'Steak', station: 'hot', preparation_time: 20 },
  { name: 'Risotto', station: 'hot', preparation_time: 18 },
  { name: 'Burger', station: 'hot', preparation_time: 12 },
  { name: 'Lemonade', station: 'beverages', preparation_time: 3 },
  { name: 'Espresso', station: 'beverages', preparation_time: 2 },
];

export const SERVICE: SimulationOptions = {
  minutes: 180,
  phases: [
    { name: 'early', from: 0, to: 60, every: 6 },
    { name: 'rush', from: 60, to: 105, every: 2.5 },
    { name: 'late', from: 105, to: 180, every: 6 },
  ],
  stations: { cold: { cooks: 2, speed: 0.9 }, hot: { cooks: 3, speed: 1.25 }, beverages: { cooks: 1, speed: 0.7 } },
  noise: 0.15,
  seed: 42,
};

/** A small seeded generator (mulberry32): the same service every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Outcome {
  order: string;
  phase: string;
  placed: number;
  /** Minutes from the start of service when it was placed. */
  minute: number;
  /** Minutes between each quote and the real ready time (signed: positive when ready later). */
  quoteError: number;
  naiveError: number;
  /** A `together` order: minutes between its first and its last station being Ready; null otherwise. */
  passWait: number | null;
  /**
   * A `together` order: the pass wait left had each ticket started exactly as planned at its
   * station's true speed: the spread of the tickets' own cooking times about their means, which no
   * fire time set before they are done can remove; null otherwise.
   */
  passWaitFloor: number | null;
  /** Per station of the order: the tickets ahead and the pace when quoted, and that station's own error. */
  stations: StationOutcome[];
}

export interface StationOutcome {
  station: Station;
  ahead: number;
  learned: boolean;
  cooks: number;
  factor: number;
  /** Minutes between the station's quote and its ticket's real ready time (signed). */
  error: number;
  /** The part of it from the wait: the real start less the quoted one (the quote less the ticket's own minutes at the pace). */
  startError: number;
}

interface Cooking {
  orderId: string;
  station: Station;
  done: number;
}

const QUIET = { warn: () => undefined } as unknown as FastifyBaseLogger;

const ROBOT: Principal = {
  userId: '5f00000000000000000000ff',
  userName: 'simulation',
  role: 'expeditor',
  expiresAt: Number.MAX_SAFE_INTEGER,
};

export async function simulate(options: SimulationOptions): Promise<Outcome[]> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pos-quotes-sim-'));
  let clock = Date.parse('2026-11-20T17:00:00.000Z') + (options.day ?? 0) * 24 * 60 * MINUTE;
  const start = clock;
  const now = () => new Date(clock);
  const store = openSqliteStore({ dataDir, clock: now });
  const rand = random(options.seed);
  // With together orders the two fire rules must cook the same service: each order, and each of its
  // tickets' cooking time and bump, is drawn when it is placed, from its own stream.
  const pick = options.together ? random(options.seed + 7_919) : rand;
  const drawn = new Map<string, { noise: number; oneTap: boolean }>();
  try {
    const flour =
      (await store.collection('ingredients').find([]))[0] ??
      (await store.collection('ingredients').insert({ name: 'Everything', in_stock_qty: 1e9, price: 0 }));
    const dishes: Awaited<ReturnType<ReturnType<typeof store.collection<'dishes'>>['insert']>>[] = [
      ...(await store.collection('dishes').find([])),
    ];
    for (const dish of dishes.length > 0 ? [] : MENU) {
      dishes.push(
        await store.collection('dishes').insert({
          ...dish,
          description: dish.name,
          category: 'Main Course',
          image_name: 'dish',
          price: 10,
          ingredients: [{ ingredient_id: flour.id, is_essential: true }],
        }),
      );
    }
    const queues = await KitchenQueues.open(store, now, await KitchenBook.open(store));
    const deps = { store, now, queues };

    // Arrivals, as minutes from the start.
    const arrivals: { at: number; phase: string }[] = [];
    for (const phase of options.phases) {
      for (let at = phase.from + -Math.log(1 - rand()) * phase.every; at < phase.to; at += -Math.log(1 - rand()) * phase.every)
        arrivals.push({ at: start + at * MINUTE, phase: phase.name });
    }
    const placed = new Map<
      string,
      {
        phase: string;
        placed: number;
        quoted: number;
        naive: number;
        open: Set<Station>;
        stations: Map<Station, StationOutcome & { quoted: number; work: number }>;
        together: boolean;
        ready: number[];
      }
    >();
    // Tickets the cooks do not see yet. menu-minutes: held by the bench until their menu fire time;
    // queue-aware: the Drafts of held orders, by their stored next_fire_at (the scheduler fires them).
    const menuHeld: { at: number; orderId: string; station: Station; work: number }[] = [];
    const serverHeld = new Map<string, { at: number; pushed: Set<Station>; work: Map<Station, number> }>();
    const scheduler = new OrderScheduler(store, now);
    const expected = new ExpectedTimes(store, queues, now, QUIET);
    const byStation = new Map<Station, typeof dishes>();
    for (const dish of dishes) byStation.set(dish.station, [...(byStation.get(dish.station) ?? []), dish]);
    const nextHeld = () => Math.min(...menuHeld.map((held) => held.at), ...[...serverHeld.values()].map((held) => held.at));
    // What the server fired of an order now joins its stations' lines; the rest waits for its next fire.
    const takeFired = async (orderId: string) => {
      const held = serverHeld.get(orderId)!;
      const order = (await store.collection('orders').get(orderId))!;
      for (const ticket of order.tickets)
        if (ticket.status !== 'Draft' && ticket.status !== 'Voided' && !held.pushed.has(ticket.station)) {
          held.pushed.add(ticket.station);
          waiting.get(ticket.station)!.push({ orderId, firedAt: clock, work: held.work.get(ticket.station)! });
        }
      if (order.next_fire_at) held.at = Date.parse(order.next_fire_at);
      else serverHeld.delete(orderId);
    };
    // The re-estimate pass the server runs a moment after the queues move: it re-times held tickets.
    const retime = async () => {
      if (serverHeld.size === 0) return;
      const { writes } = expected.moved(clock);
      if (writes.length > 0) await store.collection('orders').updateEach(writes);
      for (const write of writes) {
        const held = serverHeld.get(write.id);
        const at = write.update.set?.next_fire_at;
        if (held && typeof at === 'string') held.at = Date.parse(at);
      }
    };
    const waiting = new Map<Station, { orderId: string; firedAt: number; work: number }[]>(
      Object.keys(options.stations).map((station) => [station as Station, []]),
    );
    const cooking: (Cooking & { oneTap: boolean })[] = [];
    const rushFrom = options.phases.find((phase) => phase.name === 'rush')?.from ?? 0;
    const cookLostAt = options.cookLost ? start + (rushFrom + options.cookLost.intoRush) * MINUTE : Infinity;
    const cooksAt = (station: Station) =>
      options.stations[station].cooks - (options.cookLost?.station === station && clock >= cookLostAt ? 1 : 0);
    const busy = new Map<Station, number>(Object.keys(options.stations).map((station) => [station as Station, 0]));
    const outcomes: Outcome[] = [];
    let next = 0;

    // Each ticket's cooking less its mean (its menu minutes at the station's speed), in minutes: max less min.
    const spreadOf = (orderId: string, stations: ReadonlyMap<Station, { work: number }>) => {
      const off = [...stations].map(
        ([station, { work }]) =>
          work *
          options.stations[station].speed *
          (Math.exp(options.noise * drawn.get(`${orderId}:${station}`)!.noise - options.noise ** 2 / 2) - 1),
      );
      return Math.max(...off) - Math.min(...off);
    };

    const startCooking = async () => {
      for (const [station, queue] of waiting) {
        const { speed } = options.stations[station];
        while (busy.get(station)! < cooksAt(station) && queue.length > 0) {
          const ticket = queue.shift()!;
          const preset = drawn.get(`${ticket.orderId}:${station}`);
          const oneTap = preset ? preset.oneTap : rand() < (options.oneTap ?? 0);
          if (!oneTap) await moveStationTicket(deps, ROBOT, ticket.orderId, station, { status: 'In Progress' });
          const quoted = placed.get(ticket.orderId)!.stations.get(station)!;
          quoted.startError = (clock - (quoted.quoted - quoted.work * quoted.factor * MINUTE)) / MINUTE;
          const noise = preset ? preset.noise : gaussian(rand);
          const minutes = ticket.work * speed * Math.exp(options.noise * noise - (options.noise * options.noise) / 2);
          cooking.push({ orderId: ticket.orderId, station, done: clock + minutes * MINUTE, oneTap });
          busy.set(station, busy.get(station)! + 1);
        }
      }
    };

    while (next < arrivals.length || cooking.length > 0 || nextHeld() !== Infinity) {
      cooking.sort((a, b) => a.done - b.done);
      const arrival = arrivals[next];
      const done = cooking[0];
      const heldAt = nextHeld();
      if (heldAt <= (arrival?.at ?? Infinity) && heldAt <= (done?.done ?? Infinity) && heldAt !== Infinity) {
        clock = Math.max(clock, heldAt);
        for (let index = menuHeld.length - 1; index >= 0; index -= 1)
          if (menuHeld[index]!.at <= clock) {
            const { orderId, station, work } = menuHeld.splice(index, 1)[0]!;
            waiting.get(station)!.push({ orderId, firedAt: clock, work });
          }
        if ([...serverHeld.values()].some((held) => held.at <= clock)) {
          await scheduler.releaseDue();
          for (const [orderId, held] of [...serverHeld]) if (held.at <= clock) await takeFired(orderId);
        }
      } else if (arrival && (!done || arrival.at <= done.done)) {
        clock = arrival.at;
        next += 1;
        const together = options.together !== undefined && pick() < options.together.share;
        const count = 1 + Math.floor(pick() * 3);
        const chosen = together
          ? [...byStation.values()].map((of) => of[Math.floor(pick() * of.length)]!)
          : Array.from({ length: count }, () => dishes[Math.floor(pick() * dishes.length)]!);
        // What each station's quote was made of, read just before the order joins the queues.
        const stationQuotes = [...new Set(chosen.map((dish) => dish.station))].map((station) => {
          const pace = queues.stations.get(station)!;
          const work = Math.max(...chosen.filter((dish) => dish.station === station).map((dish) => dish.preparation_time));
          const { learned, cooks, factor } = pace.current();
          return [
            station,
            { station, ahead: pace.ahead, learned, cooks, factor, quoted: pace.quote(clock, clock, work), error: 0, startError: 0, work },
          ] as const;
        });
        const order = await createOrder(
          deps,
          { ...ROBOT, role: 'patron' },
          {
            name: `Guest${next}`,
            dish_ids: chosen.map((dish) => dish.id),
            pacing: together && options.together!.fire === 'queue-aware' ? 'together' : 'at_once',
          },
        );
        const stations = new Set(chosen.map((dish) => dish.station));
        if (options.together)
          for (const station of stations)
            drawn.set(`${order.id}:${station}`, { noise: gaussian(pick), oneTap: pick() < (options.oneTap ?? 0) });
        placed.set(order.id, {
          phase: arrival.phase,
          placed: clock,
          quoted: Date.parse(order.quoted_ready_at!),
          naive: clock + Math.max(...chosen.map((dish) => dish.preparation_time)) * MINUTE,
          open: stations,
          stations: new Map(stationQuotes),
          together,
          ready: [],
        });
        const workOf = (station: Station) =>
          Math.max(...chosen.filter((dish) => dish.station === station).map((dish) => dish.preparation_time));
        const slowest = Math.max(...[...stations].map(workOf));
        if (together && options.together!.fire === 'queue-aware') {
          serverHeld.set(order.id, {
            at: Infinity,
            pushed: new Set(),
            work: new Map([...stations].map((station) => [station, workOf(station)])),
          });
          await takeFired(order.id);
        } else
          for (const station of stations) {
            const work = workOf(station);
            // The menu-minute rule: fire at due − the station's menu minutes, due = placed + the slowest's.
            if (together && work < slowest) menuHeld.push({ at: clock + (slowest - work) * MINUTE, orderId: order.id, station, work });
            else waiting.get(station)!.push({ orderId: order.id, firedAt: clock, work });
          }
      } else if (done) {
        clock = done.done;
        cooking.shift();
        busy.set(done.station, busy.get(done.station)! - 1);
        if (done.oneTap) await moveStationTicket(deps, ROBOT, done.orderId, done.station, { status: 'In Progress' });
        await moveStationTicket(deps, ROBOT, done.orderId, done.station, { status: 'Ready' });
        const record = placed.get(done.orderId)!;
        record.open.delete(done.station);
        record.ready.push(clock);
        record.stations.get(done.station)!.error = (clock - record.stations.get(done.station)!.quoted) / MINUTE;
        if (record.open.size === 0) {
          const stations = [...record.stations.values()].map(({ quoted: _quoted, work: _work, ...station }) => station);
          outcomes.push({
            order: done.orderId,
            phase: record.phase,
            placed: record.placed,
            minute: (record.placed - start) / MINUTE,
            quoteError: (clock - record.quoted) / MINUTE,
            naiveError: (clock - record.naive) / MINUTE,
            passWait: record.together ? (Math.max(...record.ready) - Math.min(...record.ready)) / MINUTE : null,
            passWaitFloor: record.together ? spreadOf(done.orderId, record.stations) : null,
            stations,
          });
        }
      }
      await startCooking();
      await retime();
    }
    await queues.close();
    return outcomes.sort((a, b) => a.placed - b.placed);
  } finally {
    await store.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A standard normal draw (Box-Muller). */
function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Nearest-rank percentile of absolute values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = values.map(Math.abs).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export interface Summary {
  phase: string;
  orders: number;
  quote: { median: number | null; p90: number | null };
  naive: { median: number | null; p90: number | null };
}

export function summarize(outcomes: readonly Outcome[], phases: readonly string[]): Summary[] {
  return [...phases, 'all'].map((phase) => {
    const of = outcomes.filter((outcome) => phase === 'all' || outcome.phase === phase);
    const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
    return {
      phase,
      orders: of.length,
      quote: {
        median: round(
          percentile(
            of.map((o) => o.quoteError),
            0.5,
          ),
        ),
        p90: round(
          percentile(
            of.map((o) => o.quoteError),
            0.9,
          ),
        ),
      },
      naive: {
        median: round(
          percentile(
            of.map((o) => o.naiveError),
            0.5,
          ),
        ),
        p90: round(
          percentile(
            of.map((o) => o.naiveError),
            0.9,
          ),
        ),
      },
    };
  });
}
