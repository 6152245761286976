// How cost grows with the data: at each number of stored orders, every list the boards, the
// ordering app and a manager read, and the server's resident memory after those loads (with where
// it is: V8's heap, buffers, file-backed pages, and what stays after a full collection). One data
// directory grows from the smallest size to the largest, seeded through the store; the server is
// restarted at each size so memory starts fresh.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ALL_DAY_PATH,
  DISH_LIST_PATH,
  EXPEDITOR_LIST_PATH,
  HISTORY_LIST_PATH,
  MY_ORDERS_PATH,
  ORDER_LIST_PATH,
  reportPath,
  signIn,
  STATION_QUEUE_PATH,
  type Tokens,
} from '../lib/api.js';
import { Dataset } from '../lib/dataset.js';
import { load, type LoadResult, type LoadSettings } from '../lib/load.js';
import { RUN_DIR } from '../lib/options.js';
import type { Memory, ServerProcess } from '../lib/processes.js';
import { startPos, type PosOptions } from '../lib/servers.js';

export interface ListSpec {
  name: string;
  path: string;
  as: keyof Tokens | null;
  /** Concurrent requests, when fewer than the run's: a manager's page is open on a few screens, not 50. */
  connections?: number;
}

/** Every list measured, in the words of the screen that reads it. */
export function growthLists(orders: number): ListSpec[] {
  return [
    { name: 'station list (GET /orders, Received, oldest first)', path: ORDER_LIST_PATH, as: 'chef' },
    { name: 'history, newest first (Ready for Pickup)', path: HISTORY_LIST_PATH, as: 'chef' },
    { name: 'expeditor (open orders)', path: EXPEDITOR_LIST_PATH, as: 'chef' },
    { name: 'station queue (hot)', path: STATION_QUEUE_PATH, as: 'chef' },
    { name: 'all-day counts (hot)', path: ALL_DAY_PATH, as: 'chef' },
    { name: "a patron's own orders, newest first", path: MY_ORDERS_PATH, as: 'patron' },
    // 50 concurrent reports, each holding hundreds of parsed orders, would measure the heap, not the list.
    { name: 'kitchen report, newest 12 hours', path: reportPath(orders), as: 'manager', connections: 5 },
    { name: 'menu (GET /dishes)', path: DISH_LIST_PATH, as: null },
  ];
}

/** process.memoryUsage() and V8's heap spaces in MB, after the loads and after a full collection. */
export interface MemoryBreakdown {
  loaded: Record<string, unknown>;
  collected: Record<string, unknown>;
}

type Measured = Pick<GrowthPoint, 'lists' | 'idle' | 'loaded' | 'collected' | 'breakdown'>;

export interface GrowthPoint {
  orders: number;
  seedSeconds: number;
  databaseMB: number;
  lists: { name: string; path: string; result: LoadResult }[];
  /** Resident memory once started, after the loads, and after a full collection. */
  idle: Memory;
  loaded: Memory;
  collected: Memory | null;
  breakdown: MemoryBreakdown | null;
  /** At the largest size only: the same loads on servers started with candidate node flags. */
  candidates?: ({ nodeFlags: string[] } & Measured)[];
}

export interface GrowthOptions {
  server?: PosOptions;
  /** Sets of node flags to measure beside production's at the largest size (none: not measured). */
  candidateFlags?: string[][];
}

/** Asks the server's memory probe where the memory is (it collects garbage after the first look). */
async function breakdown(pos: ServerProcess, file: string): Promise<MemoryBreakdown | null> {
  rmSync(file, { force: true });
  process.kill(pos.pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 100) {
    await sleep(100);
    if (existsSync(file)) {
      await sleep(100);
      return JSON.parse(readFileSync(file, 'utf8')) as MemoryBreakdown;
    }
  }
  return null;
}

async function measureSize(dataset: Dataset, size: number, settings: LoadSettings, server: PosOptions): Promise<Measured> {
  const memoryFile = path.join(RUN_DIR, `memory-${size}.json`);
  const pos = await startPos(
    dataset.dir,
    `growth-${size}${server.nodeFlags?.length ? `-${server.nodeFlags.join('-').replace(/[^a-z0-9=-]/gi, '')}` : ''}`,
    { ...server, memoryFile },
  );
  try {
    const tokens = await signIn(pos.url);
    const idle = pos.memory();
    const lists: GrowthPoint['lists'] = [];
    for (const spec of growthLists(size)) {
      const headers = spec.as ? { authorization: `Bearer ${tokens[spec.as]}` } : undefined;
      const requests = [{ method: 'GET', path: spec.path, ...(headers && { headers }) }];
      lists.push({
        name: spec.name,
        path: spec.path,
        result: await load(
          pos,
          { requests },
          { ...settings, connections: Math.min(settings.connections, spec.connections ?? settings.connections) },
        ),
      });
    }
    const loaded = pos.memory();
    const memory = await breakdown(pos, memoryFile);
    return { lists, idle, loaded, collected: memory ? pos.memory() : null, breakdown: memory };
  } finally {
    await pos.stop();
  }
}

export async function growthSuite(
  sizes: number[],
  settings: LoadSettings,
  log: (line: string) => void,
  { server = {}, candidateFlags = [] }: GrowthOptions = {},
): Promise<GrowthPoint[]> {
  const dataset = await Dataset.create('growth');
  const points: GrowthPoint[] = [];
  const sorted = [...sizes].sort((a, b) => a - b);
  try {
    for (const size of sorted) {
      const seeding = Date.now();
      await dataset.growTo(size, (done) =>
        log(`  seeded ${done.toLocaleString('en-US')} orders after ${Math.round((Date.now() - seeding) / 1000)} s`),
      );
      const seedSeconds = Math.round((Date.now() - seeding) / 100) / 10;
      const point: GrowthPoint = {
        orders: size,
        seedSeconds,
        databaseMB: dataset.sizeMB(),
        ...(await measureSize(dataset, size, settings, server)),
      };
      log(
        `  ${size} orders (seeded in ${seedSeconds} s, ${point.databaseMB} MB): ` +
          `${point.lists.map(({ name, result }) => `${name.split(' (')[0]} ${result.cpuUsPerRequest} µs`).join('; ')}; ` +
          `RSS ${point.idle.rssMB} → ${point.loaded.rssMB} MB (${point.collected?.rssMB ?? '?'} MB after a ` +
          `collection)`,
      );
      for (const nodeFlags of size === sorted.at(-1) ? candidateFlags : []) {
        const candidate = { nodeFlags, ...(await measureSize(dataset, size, settings, { ...server, nodeFlags })) };
        (point.candidates ??= []).push(candidate);
        log(
          `  again with ${nodeFlags.join(' ')}: ` +
            `${candidate.lists.map(({ name, result }) => `${name.split(' (')[0]} ${result.cpuUsPerRequest} µs`).join('; ')}; ` +
            `RSS ${candidate.idle.rssMB} → ${candidate.loaded.rssMB} MB`,
        );
      }
      points.push(point);
    }
    return points;
  } finally {
    dataset.remove();
  }
}
