// How cost grows with the data: GET /orders with a status filter sorted by created_at, and the
// server's resident memory, at each number of stored orders. One data directory grows from the
// smallest size to the largest; the server is restarted at each size so memory starts fresh.
import { ORDER_LIST_PATH, signIn } from '../lib/api.js';
import { Dataset } from '../lib/dataset.js';
import { load, type LoadResult, type LoadSettings } from '../lib/load.js';
import type { Memory } from '../lib/processes.js';
import { startPos, type PosOptions } from '../lib/servers.js';

export interface GrowthPoint {
  orders: number;
  seedSeconds: number;
  databaseMB: number;
  list: LoadResult;
  /** Resident memory once started, then after the load run. */
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
        const idle = pos.memory();
        const list = await load(pos, { requests: [{ method: 'GET', path: ORDER_LIST_PATH, headers: { authorization: `Bearer ${tokens.chef}` } }] }, settings);
        points.push({ orders: size, seedSeconds, databaseMB: dataset.sizeMB(), list, idle, loaded: pos.memory() });
        log(`  ${size} orders (seeded in ${seedSeconds} s): ${list.rps}/s, p50 ${list.latencyMs.p50} ms, RSS ${idle.rssMB} → ${pos.memory().rssMB} MB`);
      } finally {
        await pos.stop();
      }
    }
    return points;
  } finally {
    dataset.remove();
  }
}
