// A Friday rush on top of the demo data, for screenshots and trying the boards at volume: a day's
// service history (orders placed, cooked station by station and sent out over the last hours, so the
// manager's report has something to show) and 46 orders open at once. Deterministic: the same
// "random" choices every run. `npx tsx scripts/rush.ts` fills the configured store.
import '../server/supported-node.js';
import { pathToFileURL } from 'node:url';
import { KitchenQueues } from '../domain/kitchen/kitchen-queues.js';
import { KitchenBook } from '../domain/views/kitchen-book.js';
import { changeOrder, createOrder } from '../domain/orders/orders.js';
import { moveStationTicket } from '../domain/orders/stations.js';
import type { Principal } from '../domain/accounts/principal.js';
import { loadConfig, type Config } from '../server/config.js';
import { openStore } from '../store/open.js';

const SCRIPT: Principal = { userId: '000000000000000000000000', userName: 'rush', role: 'manager', expiresAt: Number.POSITIVE_INFINITY };
const NAMES = [
  'Noah',
  'Mia',
  'Luca',
  'Zoe',
  'Omar',
  'Iris',
  'Theo',
  'Lena',
  'Sami',
  'Nora',
  'Eli',
  'Rosa',
  'Kai',
  'Vera',
  'Jon',
  'Aiko',
  'Paul',
  'Ines',
  'Tariq',
  'Sofia',
];
const REQUESTS = [
  'No onions',
  'Gluten-free bun',
  'Nut allergy: no pesto, no pine nuts',
  'Sauce on the side',
  'Well done',
  'Birthday: candle on dessert',
];
const LONG_NAME = 'Bartholomew-Maximilian-Featherstonehaugh-Cholmondeley-Marjoribanks-Wolfeschlegelsteinhausenbergerdorff-of-Table-Twelve';

/** A small seeded generator (mulberry32): the same rush every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function loadRush(config: Config): Promise<{ history: number; open: number }> {
  let at = Date.now();
  const now = () => new Date(at);
  const store = await openStore(config, { now });
  /** The live queues once the open orders are placed (the history below is not written in time order). */
  let queues: KitchenQueues | undefined;
  const deps = {
    store,
    now,
    get queues() {
      return queues;
    },
  };
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  try {
    const dishes = (await store.collection('dishes').find([])).filter((dish) => dish.name !== 'Truffle Fries');
    const byStation = (station: string) => dishes.filter((dish) => dish.station === station);
    // A delivery came in this morning, short on a few things (so the manager sees stock run low).
    const SHORT: Record<string, number> = { Saffron: 12, 'Smoked salmon': 10, Mascarpone: 10 };
    for (const ingredient of await store.collection('ingredients').find([])) {
      const delivered = SHORT[ingredient.name] ?? 70;
      if (ingredient.in_stock_qty > 0)
        await store.collection('ingredients').update(ingredient.id, { set: { in_stock_qty: ingredient.in_stock_qty + delivered } });
    }
    const order = (n: number) => {
      const ids = [pick(byStation('hot')).id];
      if (next() < 0.6) ids.push(pick(byStation('cold')).id);
      if (next() < 0.7) ids.push(pick(byStation('beverages')).id);
      if (next() < 0.3) ids.push(ids[0] ?? '');
      return {
        name: n === 7 ? LONG_NAME : pick(NAMES),
        dish_ids: ids,
        table_number: next() < 0.15 ? null : 1 + Math.floor(next() * 30),
        special_requests: next() < 0.2 ? pick(REQUESTS) : null,
        scheduled_at: null,
      };
    };
    /** An order is refused when one of its dishes has just sold out: the guest picks again. */
    const place = async (n: number) => {
      for (let tries = 0; tries < 8; tries += 1) {
        const placed = await createOrder(deps, SCRIPT, order(n)).catch(() => null);
        if (placed) return placed;
      }
      return null;
    };
    const prepOf = (ids: string[], station: string) =>
      Math.max(...dishes.filter((dish) => ids.includes(dish.id) && dish.station === station).map((dish) => dish.preparation_time));

    // The service so far: a lunch peak and a rising dinner, every order cooked and sent out.
    const start = Date.now();
    let history = 0;
    for (let minutesAgo = 9 * 60; minutesAgo > 50; minutesAgo -= 4 + Math.floor(next() * (minutesAgo > 300 && minutesAgo < 420 ? 4 : 12))) {
      at = start - minutesAgo * 60_000;
      const placed = await place(-1);
      if (!placed) continue;
      // Its promise, as a kitchen quoting from the menu would make it: the longest dish plus 3 minutes
      // to start (the cooks below take 0.5-1.8 times the dish, so some promises are broken).
      const promised = at + (Math.max(...placed.tickets.map((ticket) => prepOf(placed.dish_ids, ticket.station))) + 3) * 60_000;
      await store.collection('orders').update(placed.id, {
        set: { quoted_ready_at: new Date(promised).toISOString(), expected_ready_at: new Date(promised).toISOString() },
      });
      // Each station starts within 1-4 minutes and takes 0.5-1.8 times its longest dish; the moves
      // are written in time order, so the order is Ready when its last ticket is.
      const moves = placed.tickets
        .flatMap((ticket) => {
          const started = at + (1 + next() * 3) * 60_000;
          const ready = started + prepOf(placed.dish_ids, ticket.station) * (0.5 + next() * 1.3) * 60_000;
          return [
            { station: ticket.station, status: 'In Progress' as const, when: started },
            { station: ticket.station, status: 'Ready' as const, when: ready },
          ];
        })
        .sort((a, b) => a.when - b.when);
      for (const move of moves) {
        at = move.when;
        await moveStationTicket(deps, SCRIPT, placed.id, move.station, { status: move.status });
      }
      at += (0.5 + next() * 7) * 60_000;
      await changeOrder(deps, SCRIPT, placed.id, { status: next() < 0.3 ? 'Ready for Pickup' : 'On the Way' });
      history += 1;
    }

    // Now: 46 orders open, the oldest 40 minutes old, some started or done at a station; each
    // promised a ready time from the live queues, as the server quotes.
    at = start - 41 * 60_000;
    queues = await KitchenQueues.open(store, now, await KitchenBook.open(store));
    for (let n = 0; n < 46; n += 1) {
      at = start - (40 - n * 0.85) * 60_000;
      const placed = await place(n);
      if (!placed) continue;
      if (next() < 0.12) await changeOrder(deps, SCRIPT, placed.id, { priority: next() < 0.5 ? 0 : 1 });
      for (const ticket of placed.tickets) {
        const roll = next();
        at += 60_000;
        if (roll < 0.35 || n > 40) continue;
        await moveStationTicket(deps, SCRIPT, placed.id, ticket.station, { status: 'In Progress' });
        if (roll > 0.8) await moveStationTicket(deps, SCRIPT, placed.id, ticket.station, { status: 'Ready' });
      }
    }
    return {
      history,
      open: (
        await store.collection('orders').find([{ field: 'status', op: 'in', value: ['Received', 'In Progress', 'Ready for Assembly'] }])
      ).length,
    };
  } finally {
    await queues?.close();
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const added = await loadRush(loadConfig());
  process.stdout.write(`Rush added: ${added.history} orders served earlier today, ${added.open} open now.\n`);
}
