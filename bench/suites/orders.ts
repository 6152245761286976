// POST /orders against its floor, in the same run: our server's CPU per order (read from /proc
// around a fixed number of orders) with no socket and with kitchen screens connected, beside the
// floor = a bare fastify POST validating the same body schema (bench/floor-server.ts) + better-
// sqlite3 doing the order's logical work on a copy of the same data (bench/floor-sqlite.ts), and
// beside the contract's minimum: both in one process with the least the contract adds to every
// order (bench/contract-minimum-server.ts). Rounds alternate ours and the references, each round
// of ours a fresh process.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Request } from 'autocannon';
import { KITCHEN_ROOMS, type Room } from '../../realtime/rooms.js';
import { DATABASE_FILE } from '../../store/sqlite/open.js';
import type { FloorSqlInput, FloorSqlResult } from '../floor-sqlite.js';
import { cancelPlacedSince, orderBodies, type OrderBody, type Tokens } from '../lib/api.js';
import { combine, loadCount, type CountSettings, type LoadResult } from '../lib/load.js';
import { BENCH_DIR, RUN_DIR } from '../lib/options.js';
import type { ServerProcess } from '../lib/processes.js';
import { openScreens } from '../lib/screens.js';
import type { Kitchen } from '../lib/seed.js';
import { round } from '../lib/stats.js';

export interface OrdersSettings {
  rounds: number;
  /** Orders measured per run, after `warmup` thrown away. */
  orders: number;
  warmup: number;
  /** Orders thrown away after the warm-up's are cancelled, before the measured ones (see loadCount). */
  rewarm: number;
  concurrency: number[];
  sockets: number[];
  /** Orders per transaction in the floor's group-commit variant. */
  group: number;
  /** Every order carries its own Idempotency-Key, as the ordering app sends. */
  idempotency: boolean;
  /** autocannon's sample interval (LoadSettings.sampleMs; the smoke test's short runs). */
  sampleMs?: number;
}

export interface SqlFloor {
  /** better-sqlite3's CPU per order, one transaction per order and `group` per transaction. */
  perOrderCommitUs: number;
  groupCommitUs: number;
  group: number;
  perOrderCommitPerSecond: number;
  groupCommitPerSecond: number;
}

export interface OrdersReport {
  concurrency: number;
  sockets: number;
  ours: LoadResult;
  /** The bare fastify POST at the same concurrency (no sockets: it has no realtime to pay for). */
  http: LoadResult;
  /** The contract's minimum at the same concurrency (no sockets either). */
  minimum: LoadResult;
  sql: SqlFloor;
  /** The floor's CPU per order: bare fastify + SQL with group commit (and with a commit per order). */
  floorUs: number;
  floorPerOrderCommitUs: number;
  /** Our CPU per order over the floor's. */
  ofFloor: number;
  ofFloorPerOrderCommit: number;
  /** Our CPU per order over the contract minimum's. */
  ofMinimum: number;
}

/** The order bodies autocannon cycles through, each sent with a key of its own when asked. */
export function postRequests(kitchen: Kitchen, tokens: Tokens, idempotency: boolean): Request[] {
  const run = `${process.pid.toString(36)}-${Date.now().toString(36)}`;
  let sent = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens.patron}` };
  return orderBodies(kitchen).map((body) => ({
    method: 'POST',
    path: '/orders',
    headers,
    body: JSON.stringify(body),
    ...(idempotency && {
      setupRequest: (request: Request) => ({ ...request, headers: { ...headers, 'idempotency-key': `bench-${run}-${++sent}` } }),
    }),
  }));
}

/** Copies the (closed) data directory's database for a reference (into RUN_DIR/`name`), which then grows on its own. */
export function copyData(dataDir: string, name: string): string {
  const copy = path.join(RUN_DIR, name);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const suffix of ['', '-wal']) {
    const file = path.join(dataDir, DATABASE_FILE + suffix);
    if (existsSync(file)) copyFileSync(file, path.join(copy, DATABASE_FILE + suffix));
  }
  return copy;
}

async function sqlFloor(input: FloorSqlInput): Promise<FloorSqlResult> {
  const file = path.join(RUN_DIR, 'floor-input.json');
  writeFileSync(file, JSON.stringify(input));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'floor-sqlite.ts')], {
    env: { PATH: process.env.PATH ?? '', BENCH_FLOOR_INPUT: file },
    cwd: path.dirname(BENCH_DIR),
    timeout: 300_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as FloorSqlResult;
}

/** The contract's minimum, after as many orders thrown away as ours, on its own copy of the data (removed after). */
export async function measureMinimum(
  start: OrdersContext['startMinimum'],
  dataCopy: string,
  requests: Request[],
  load: CountSettings,
): Promise<LoadResult> {
  const server = await start(dataCopy);
  try {
    return await loadCount(server, { requests }, load);
  } finally {
    await server.stop();
    rmSync(dataCopy, { recursive: true, force: true });
  }
}

export interface OrdersContext {
  dataDir: string;
  kitchen: Kitchen;
  tokens: Tokens;
  /** Starts a fresh server of ours on dataDir; the floor server keeps running. */
  startOurs: (label: string) => Promise<ServerProcess>;
  floor: ServerProcess;
  /** Starts the contract's minimum on a copy of the data. */
  startMinimum: (dataCopy: string) => Promise<ServerProcess>;
  /** Takes the orders placed since then out of the kitchen (while no server runs). */
  finishPlacedSince: (since: Date) => Promise<unknown>;
}

export async function ordersSuite(
  { dataDir, kitchen, tokens, startOurs, floor, startMinimum, finishPlacedSince }: OrdersContext,
  settings: OrdersSettings,
  log: (line: string) => void,
): Promise<OrdersReport[]> {
  const requests = postRequests(kitchen, tokens, settings.idempotency);
  const copy = copyData(dataDir, 'floor-data');
  const bodies: OrderBody[] = orderBodies(kitchen);
  const ours = new Map<string, LoadResult[]>();
  const http = new Map<number, LoadResult[]>();
  const minimum = new Map<number, LoadResult[]>();
  const sql: FloorSqlResult[] = [];
  const push = <K>(map: Map<K, LoadResult[]>, key: K, result: LoadResult) => map.set(key, [...(map.get(key) ?? []), result]);
  for (let round = 1; round <= settings.rounds; round++) {
    for (const connections of settings.concurrency) {
      const load = { connections, count: settings.orders, warmup: settings.warmup, sampleMs: settings.sampleMs };
      for (const sockets of settings.sockets) {
        const since = new Date();
        const pos = await startOurs(`orders-c${connections}-s${sockets}-${round}`);
        try {
          const rooms = Array.from({ length: sockets }, (_, i) => KITCHEN_ROOMS[i % KITCHEN_ROOMS.length] as Room);
          const screens = sockets > 0 ? await openScreens(pos.url, rooms, tokens.chef) : null;
          try {
            // The warm-up's orders leave the kitchen before the measured run: a kitchen never holds
            // 15,000 open orders, and their book (about 2 KB each) would push memory past its target.
            const afterWarmup = () => cancelPlacedSince(pos.url, tokens.manager, since);
            push(ours, `${connections}/${sockets}`, await loadCount(pos, { requests }, { ...load, afterWarmup, rewarm: settings.rewarm }));
          } finally {
            await screens?.close();
          }
        } finally {
          await pos.stop();
        }
        // Each run starts from the same kitchen: its orders, left open, would be the next run's backlog.
        await finishPlacedSince(since);
      }
      // Cheaper by an order of magnitude: more requests keep its CPU time well above the clock tick.
      push(
        http,
        connections,
        await loadCount(
          floor,
          { requests },
          { connections, count: settings.orders * 4, warmup: Math.max(settings.warmup, 1_000), sampleMs: settings.sampleMs },
        ),
      );
      push(minimum, connections, await measureMinimum(startMinimum, copyData(dataDir, 'minimum-data'), requests, load));
    }
    sql.push(
      await sqlFloor({
        dataDir: copy,
        bodies,
        ownerId: kitchen.patronId,
        orders: settings.orders,
        warmup: settings.warmup,
        group: settings.group,
        idempotency: settings.idempotency,
      }),
    );
    log(
      `  round ${round}: ` +
        `${[...ours].map(([key, runs]) => `ours c/sockets ${key} ${runs.at(-1)?.cpuUsPerRequest} µs`).join(', ')}; ` +
        `bare fastify ${[...http].map(([c, runs]) => `c${c} ${runs.at(-1)?.cpuUsPerRequest} µs`).join(', ')}; ` +
        `contract minimum ` +
        `${[...minimum].map(([c, runs]) => `c${c} ${runs.at(-1)?.cpuUsPerRequest} µs`).join(', ')}; SQL ` +
        `${sql.at(-1)?.perOrder.cpuUsPerOrder} µs per commit, ${sql.at(-1)?.grouped.cpuUsPerOrder} µs grouped`,
    );
  }
  rmSync(copy, { recursive: true, force: true });
  const mean = (value: (result: FloorSqlResult) => number) => Math.round(sql.reduce((sum, result) => sum + value(result), 0) / sql.length);
  const floorSql: SqlFloor = {
    perOrderCommitUs: mean((r) => r.perOrder.cpuUsPerOrder),
    groupCommitUs: mean((r) => r.grouped.cpuUsPerOrder),
    group: settings.group,
    perOrderCommitPerSecond: mean((r) => r.perOrder.ordersPerSecond),
    groupCommitPerSecond: mean((r) => r.grouped.ordersPerSecond),
  };
  return [...ours].map(([key, runs]) => {
    const [concurrency = 0, sockets = 0] = key.split('/').map(Number);
    const bare = combine(http.get(concurrency) ?? []);
    const least = combine(minimum.get(concurrency) ?? []);
    const mine = combine(runs);
    const floorUs = bare.cpuUsPerRequest + floorSql.groupCommitUs;
    const floorPerOrderCommitUs = bare.cpuUsPerRequest + floorSql.perOrderCommitUs;
    return {
      concurrency,
      sockets,
      ours: mine,
      http: bare,
      minimum: least,
      sql: floorSql,
      floorUs,
      floorPerOrderCommitUs,
      ofFloor: round(mine.cpuUsPerRequest / floorUs, 2),
      ofFloorPerOrderCommit: round(mine.cpuUsPerRequest / floorPerOrderCommitUs, 2),
      ofMinimum: round(mine.cpuUsPerRequest / least.cpuUsPerRequest, 2),
    };
  });
}
