// The order path without HTTP: the domain and the embedded store placing orders in this process
// (createOrder, 16 at a time, so group commit batches them as it does under load), beside
// better-sqlite3 doing the same logical work on its own copy of the same data (the SQL floor, 16
// orders per transaction), in alternating windows. No Idempotency-Key on either side. With no
// server, no load generator and no sockets, the two sides of one window share the host's mood:
// a change to the domain or the store shows in minutes, where through HTTP a 5% change needs more
// than ten process pairs on this host (docs/benchmarks.md).
import { createOrder } from '../../domain/orders/orders.js';
import type { Principal } from '../../domain/accounts/principal.js';
import { openConnections } from '../../store/sqlite/open.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import { orderBodies } from './api.js';
import { Dataset } from './dataset.js';
import { orderTransactions } from './floor-sql.js';
import { median } from './stats.js';

export interface OrderPathOptions {
  /** Orders stored before the measurement (each side has its own copy). */
  stored: number;
  /** Orders each side places first, thrown away (V8 compiles the path meanwhile). */
  warmup: number;
  /** Windows per side, alternating ours and the floor's. */
  windows: number;
  perWindow: number;
}

export interface OrderPathResult {
  /** CPU µs per order in each window. */
  ours: number[];
  floor: number[];
  /** Medians, and ours over the floor's. */
  oursUs: number;
  floorUs: number;
  ratio: number;
  /** Orders in ours's store when done: every order placed answered. */
  placed: number;
}

/** Orders placed side by side, as a busy floor sends them. */
export const CONCURRENT = 16;
export const PATRON = (userId: string): Principal => ({ userId, userName: 'patron', role: 'patron', expiresAt: Number.MAX_SAFE_INTEGER });

/** The process's CPU (user and system) per order while `place` places `orders` of them, in µs. */
export async function cpuUsPerOrder(orders: number, place: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await place();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / orders;
}

export async function measureOrderPath(options: OrderPathOptions): Promise<OrderPathResult> {
  const ours = await Dataset.create('order-path-ours');
  const floor = await Dataset.create('order-path-floor');
  await ours.growTo(options.stored);
  await floor.growTo(options.stored);
  const store = openSqliteStore({ dataDir: ours.dir });
  const sql = openConnections(floor.dir, 'NORMAL');
  sql.reader.close();
  try {
    const deps = { store, now: () => new Date() };
    const principal = PATRON(ours.kitchen.patronId);
    const oursBodies = orderBodies(ours.kitchen);
    const floorBodies = orderBodies(floor.kitchen);
    const { many } = orderTransactions(sql.writer.db, floor.kitchen.patronId);
    let oursNext = 0;
    let floorNext = 0;
    const placeOurs = async (orders: number) => {
      for (let done = 0; done < orders; done += CONCURRENT) {
        await Promise.all(
          Array.from({ length: Math.min(CONCURRENT, orders - done) }, () =>
            createOrder(deps, principal, oursBodies[oursNext++ % oursBodies.length]!),
          ),
        );
      }
    };
    const placeFloor = async (orders: number) => {
      for (let done = 0; done < orders; done += CONCURRENT) {
        many.immediate(
          Array.from({ length: Math.min(CONCURRENT, orders - done) }, () => [floorBodies[floorNext++ % floorBodies.length]!, null]),
        );
      }
    };
    await placeOurs(options.warmup);
    await placeFloor(options.warmup);
    const result = { ours: [] as number[], floor: [] as number[] };
    for (let window = 0; window < options.windows; window++) {
      const sides = [
        () => cpuUsPerOrder(options.perWindow, () => placeOurs(options.perWindow)).then((us) => result.ours.push(us)),
        () => cpuUsPerOrder(options.perWindow, () => placeFloor(options.perWindow)).then((us) => result.floor.push(us)),
      ];
      // Alternating which goes first, so neither always follows the other's garbage.
      for (const side of window % 2 === 0 ? sides : sides.reverse()) await side();
    }
    const placed = (await store.collection('orders').listIds({ filter: [], limit: 1, offset: 0 })).total_results - options.stored;
    const oursUs = median(result.ours);
    const floorUs = median(result.floor);
    return { ...result, oursUs, floorUs, ratio: oursUs / floorUs, placed };
  } finally {
    await store.close();
    sql.writer.close();
    sql.release();
    ours.remove();
    floor.remove();
  }
}
