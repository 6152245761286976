// How cost grows with the data, at each number of stored orders: the station's list (GET /orders
// of the Received ones, oldest first: a few hundred orders are active whatever the history), a
// look back through history (the newest picked-up orders, among most of everything stored), and
// the server's resident memory. One data directory grows from the smallest size to the largest;
// the server is restarted at each size so memory starts fresh.
import { HISTORY_LIST_PATH, ORDER_LIST_PATH, signIn } from '../lib/api.js';
import { Dataset } from '../lib/dataset.js';
import { load, type LoadResult, type LoadSettings } from '../lib/load.js';
import type { Memory } from '../lib/processes.js';
import { startPos, type PosOptions } from '../lib/servers.js';

export interface GrowthPoint {
  orders: number;
  seedSeconds: number;
  databaseMB: number;
  /** The station's list (ORDER_LIST_PATH). */
  list: LoadResult;
  /** The history list (HISTORY_LIST_PATH), whose total_results counts most stored orders. */
  history: LoadResult;
  /** Resident memory once started, then after both load runs. */
  idle: Memory;
  loaded: Memory;
}

export async function growthSuite(sizes: number[], settings: LoadSettings, log: (line: string) => void, server: PosOptions = {}): Promise<GrowthPoint[]> {
  const dataset = await Dataset.create('growth');
  const points: GrowthPoint[] = [];
  try {
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const seeding = Date.now();
      await dataset.growTo(size);
      const seedSeconds = Math.round((Date.now() - seeding) / 100) / 10;
      const pos = await startPos(dataset.dir, `growth-${size}`, server);
      try {
        const staff = { authorization: `Bearer ${(await signIn(pos.url)).chef}` };
        const idle = pos.memory();
        const list = await load(pos, { requests: [{ method: 'GET', path: ORDER_LIST_PATH, headers: staff }] }, settings);
        const history = await load(pos, { requests: [{ method: 'GET', path: HISTORY_LIST_PATH, headers: staff }] }, settings);
        const loaded = pos.memory();
        points.push({ orders: size, seedSeconds, databaseMB: dataset.sizeMB(), list, history, idle, loaded });
        log(`  ${size} orders (seeded in ${seedSeconds} s): station list ${list.rps}/s p50 ${list.latencyMs.p50} ms; history ${history.rps}/s p50 ${history.latencyMs.p50} ms; RSS ${idle.rssMB} → ${loaded.rssMB} MB`);
      } finally {
        await pos.stop();
      }
    }
    return points;
  } finally {
    dataset.remove();
  }
}
