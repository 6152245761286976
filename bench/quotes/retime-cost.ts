// What one re-estimate pass costs with many `together` orders holding tickets: N orders of a salad,
// a steak and a drink placed on the embedded store (the steak fires, the salad and the drink wait),
// then the clock moved 10 minutes so the held tickets are due to be re-timed, and passes timed: the
// computing (ExpectedTimes.moved: at most MAX_ESTIMATES_PER_PASS orders read) and the writing (at
// most MAX_WRITES_PER_PASS orders).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/accounts/principal.js';
import { ExpectedTimes } from '../../domain/kitchen/expected-times.js';
import { KitchenQueues } from '../../domain/kitchen/kitchen-queues.js';
import { createOrder } from '../../domain/orders/orders.js';
import { KitchenBook } from '../../domain/views/kitchen-book.js';
import { openSqliteStore } from '../../store/sqlite/index.js';

const MINUTE = 60_000;
const STAFF: Principal = { userId: '5f00000000000000000000fe', userName: 'bench', role: 'expeditor', expiresAt: Number.MAX_SAFE_INTEGER };
const QUIET = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** Microseconds of CPU (user and system) between two readings. */
const cpu = (later: NodeJS.CpuUsage, earlier: NodeJS.CpuUsage) => later.user - earlier.user + later.system - earlier.system;

export interface RetimeCost {
  held_orders: number;
  passes: number;
  /**
   * Per pass, the median of the passes, in milliseconds of the process's CPU time (a busy machine's
   * pauses land in a few of them): computing the moves, and writing them.
   */
  ms_compute: number;
  ms_write: number;
  /** Orders written per pass, mean (re-timed or a new estimate), and of them re-timed. */
  writes: number;
  retimed: number;
}

export async function retimeCost(orders: number, passes = 9): Promise<RetimeCost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-retime-cost-'));
  let clock = Date.parse('2026-11-20T17:00:00.000Z');
  const now = () => new Date(clock);
  const store = openSqliteStore({ dataDir, clock: now });
  try {
    const flour = await store.collection('ingredients').insert({ name: 'Everything', in_stock_qty: 1e9, price: 0 });
    const dish = (name: string, station: 'cold' | 'hot' | 'beverages', preparation_time: number) =>
      store.collection('dishes').insert({
        name,
        station,
        preparation_time,
        description: name,
        category: 'Main Course',
        image_name: 'dish',
        price: 10,
        ingredients: [{ ingredient_id: flour.id, is_essential: true }],
      });
    const menu = [await dish('Green Salad', 'cold', 8), await dish('Steak', 'hot', 20), await dish('Lemonade', 'beverages', 3)];
    const queues = await KitchenQueues.open(store, now, await KitchenBook.open(store));
    const deps = { store, now, queues };
    for (let index = 0; index < orders; index++)
      await createOrder(deps, STAFF, { name: `Guest${index}`, dish_ids: menu.map((one) => one.id), pacing: 'together' });
    const expected = new ExpectedTimes(store, queues, now, QUIET);
    const compute: number[] = [];
    const write: number[] = [];
    let written = 0;
    let retimed = 0;
    for (let pass = 0; pass < passes; pass++) {
      clock += 10 * MINUTE;
      // The process's own CPU time, not the clock's: on a shared machine the other programs' turns are not counted.
      const started = process.cpuUsage();
      const { writes } = expected.moved(clock);
      const computed = process.cpuUsage();
      if (writes.length > 0) await store.collection('orders').updateEach(writes);
      const ended = process.cpuUsage();
      compute.push(cpu(computed, started));
      write.push(cpu(ended, computed));
      written += writes.length;
      retimed += writes.filter((one) => one.update.set !== undefined && 'tickets' in one.update.set).length;
    }
    await queues.close();
    const ms = (us: number[]) => Math.round(us.sort((a, b) => a - b)[Math.floor(us.length / 2)]! / 10) / 100;
    return {
      held_orders: orders,
      passes,
      ms_compute: ms(compute),
      ms_write: ms(write),
      writes: Math.round(written / passes),
      retimed: Math.round(retimed / passes),
    };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
