// How cost grows with the data, at each number of stored orders: the station's list (GET /orders
// of the Received ones, oldest first: a few hundred orders are active whatever the history), a
// look back through history (the newest picked-up orders, among most of everything stored), and
// the server's resident memory. One data directory grows from the smallest size to the largest;
// the server is restarted at each size so memory starts fresh.
import { ALL_DAY_PATH, HISTORY_LIST_PATH, ORDER_LIST_PATH, reportPath, signIn, STATION_QUEUE_PATH } from '../lib/api.js';
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
  /** The hot station's queue and all-day counts (STATION_QUEUE_PATH, ALL_DAY_PATH). */
  queue: LoadResult;
  allDay: LoadResult;
  /** GET /reports/kitchen over the newest day of the history. */
  report: LoadResult;
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
        const tokens = await signIn(pos.url);
        const staff = { authorization: `Bearer ${tokens.chef}` };
        const get = (path: string, headers = staff) => load(pos, { requests: [{ method: 'GET', path, headers }] }, settings);
        const idle = pos.memory();
        const list = await get(ORDER_LIST_PATH);
        const history = await get(HISTORY_LIST_PATH);
        const queue = await get(STATION_QUEUE_PATH);
        const allDay = await get(ALL_DAY_PATH);
        const report = await get(reportPath(size), { authorization: `Bearer ${tokens.manager}` });
        const loaded = pos.memory();
        points.push({ orders: size, seedSeconds, databaseMB: dataset.sizeMB(), list, history, queue, allDay, report, idle, loaded });
        log(`  ${size} orders (seeded in ${seedSeconds} s): station list ${list.rps}/s p50 ${list.latencyMs.p50} ms; history ${history.rps}/s p50 ${history.latencyMs.p50} ms; queue ${queue.rps}/s; all-day ${allDay.rps}/s; report ${report.rps}/s p50 ${report.latencyMs.p50} ms; RSS ${idle.rssMB} → ${loaded.rssMB} MB`);
      } finally {
        await pos.stop();
      }
    }
    return points;
  } finally {
    dataset.remove();
  }
}
