// What a benchmark run does, from the environment: the defaults are the committed run; shorter
// durations and smaller datasets are for developing the suite on a busy machine.
import path from 'node:path';

export interface BenchOptions {
  /** Seconds per measured load run (autocannon), after `warmup` seconds that are thrown away. */
  duration: number;
  warmup: number;
  connections: number;
  /** Each target is measured this many times, alternating with the others; the mean is reported. */
  rounds: number;
  /** Orders stored for the HTTP suite. */
  orders: number;
  /** Stored orders at which GET /orders and the server's memory are measured. */
  growthSizes: number[];
  /** Connected sockets for the realtime latency runs, and orders placed per run. */
  socketCounts: number[];
  realtimeOrders: number;
  /** Sockets in one room, and events sent to them, for the fan-out measurement. */
  roomSockets: number;
  roomEvents: number;
  /** Where bench.json and bench.md are written. */
  outDir: string;
  /** Waits (up to 25 minutes) for the 1-minute load average to drop below 1.0 before starting. */
  waitForQuiet: boolean;
  /** Runs the server under test with --cpu-prof (profiles land in bench/.work/profiles). */
  cpuProfile: boolean;
  /** POST /orders against its floor: orders per run (after a warm-up), concurrencies, sockets. */
  postOrders: number;
  postWarmup: number;
  postRewarm: number;
  postConcurrency: number[];
  postSockets: number[];
  /** Orders per transaction in the SQL floor's group-commit variant. */
  floorGroup: number;
  /** POST /orders sends an Idempotency-Key per order, as the ordering app does. */
  idempotency: boolean;
  /** Seconds per measured growth run (after `growthWarmup`): eight lists at each size. */
  growthDuration: number;
  growthWarmup: number;
  /** Sets of node flags (separated by ";") measured beside production's at the largest growth size, for memory. */
  memoryCandidateFlags: string[][];
  /** The longest wait for a quiet machine before starting, in minutes. */
  quietMaxMinutes: number;
  /** Which suites run (all four by default): a partial run while working on one target. */
  suites: Suite[];
  /** HTTP endpoints whose name contains one of these (all when empty). */
  endpoints: string[];
  /** `npm run bench:guard`: slices a side per round, which alternate and are paired (bench/lib/guard-report.ts). */
  guardSlices: number;
  /** `npm run bench:guard`'s defaults (BENCH_GUARD=1, set by bench/guard.ts). */
  guard: boolean;
}

/**
 * What `npm run bench:guard` (bench/guard.ts) measures unless a variable says otherwise: POST
 * /orders at c=16 with no screens and GET /dishes/{id}, three rounds on 10,000 stored orders.
 */
const GUARD_DEFAULTS: Env = {
  BENCH_POST_CONCURRENCY: '16',
  BENCH_POST_SOCKETS: '0',
  BENCH_ORDERS: '10000',
  BENCH_ROUNDS: '3',
};

export const SUITES = ['http', 'orders', 'realtime', 'growth'] as const;
export type Suite = (typeof SUITES)[number];

function suites(env: Env): Suite[] {
  const raw = env.BENCH_SUITES;
  if (raw === undefined || raw === '') return [...SUITES];
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_SUITES takes ${SUITES.join(', ')} separated by commas (got "${raw}")`);
  return names as Suite[];
}

type Env = Record<string, string | undefined>;

function number(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

function list(env: Env, name: string, fallback: number[], min = 1): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < min))
    throw new Error(`${name} must be whole numbers ≥ ${min} separated by commas (got "${raw}")`);
  return values;
}

export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
/** Scratch space (git-ignored): the build, profiles, and one directory per run. */
export const WORK_DIR = path.join(BENCH_DIR, '.work');
/** This process's data directories, files and logs: a smoke test may run beside a benchmark. */
export const RUN_DIR = path.join(WORK_DIR, 'runs', String(process.pid));

export function loadOptions(given: Env = process.env): BenchOptions {
  const guard = given.BENCH_GUARD === '1';
  const env = guard ? { ...GUARD_DEFAULTS, ...given } : given;
  return {
    guard,
    duration: number(env, 'BENCH_DURATION', 10, 1),
    warmup: number(env, 'BENCH_WARMUP', 3, 0),
    connections: number(env, 'BENCH_CONNECTIONS', 50, 1),
    rounds: number(env, 'BENCH_ROUNDS', 2, 1),
    guardSlices: number(env, 'BENCH_GUARD_SLICES', 5, 1),
    orders: number(env, 'BENCH_ORDERS', 50_000, 0),
    growthSizes: list(env, 'BENCH_SIZES', [1_000, 10_000, 100_000, 1_000_000]),
    socketCounts: list(env, 'BENCH_SOCKETS', [10, 100, 1_000]),
    realtimeOrders: number(env, 'BENCH_RT_ORDERS', 150, 1),
    roomSockets: number(env, 'BENCH_ROOM_SOCKETS', 1_000, 1),
    roomEvents: number(env, 'BENCH_ROOM_EVENTS', 30, 1),
    postOrders: number(env, 'BENCH_POST_ORDERS', 5_000, 1),
    // V8 is still compiling the order path after a few thousand orders: CPU per order falls by a
    // third between the first 3,000 and those after 12,000 (docs/benchmarks.md). Measured warm.
    postWarmup: number(env, 'BENCH_POST_WARMUP', 15_000, 0),
    // Cancelling the warm-up's orders (DELETEs and lists: other shapes through the same code) leaves
    // V8 recompiling the order path for the first measured orders: 122 compilations in a run of
    // 10,000 orders against 57 with 3,000 more thrown away first (docs/benchmarks.md).
    postRewarm: number(env, 'BENCH_POST_REWARM', 3_000, 0),
    postConcurrency: list(env, 'BENCH_POST_CONCURRENCY', [16, 50]),
    postSockets: list(env, 'BENCH_POST_SOCKETS', [0, 50], 0),
    floorGroup: number(env, 'BENCH_FLOOR_GROUP', 16, 1),
    idempotency: env.BENCH_IDEMPOTENCY !== '0',
    growthDuration: number(env, 'BENCH_GROWTH_DURATION', 5, 1),
    growthWarmup: number(env, 'BENCH_GROWTH_WARMUP', 2, 0),
    memoryCandidateFlags: (env.BENCH_MEMORY_FLAGS ?? '--max-semi-space-size=16;--max-semi-space-size=8')
      .split(';')
      .map((set) => set.split(/\s+/).filter(Boolean))
      .filter((set) => set.length > 0),
    quietMaxMinutes: number(env, 'BENCH_QUIET_MAX_MINUTES', 5, 0),
    outDir: path.resolve(env.BENCH_OUT ?? path.join(BENCH_DIR, 'results')),
    waitForQuiet: env.BENCH_WAIT_QUIET !== '0',
    cpuProfile: env.BENCH_CPU_PROF === '1',
    suites: suites(env),
    endpoints: (env.BENCH_ENDPOINTS ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  };
}
