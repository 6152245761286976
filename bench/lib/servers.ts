// The three servers a run compares: ours (the production build), the ceiling (bare fastify) and
// the peer (json-server 0.17), each started in its own process on 127.0.0.1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CeilingBodies } from '../ceiling-server.js';
import { SERVER_ENTRY } from './build.js';
import { BENCH_DIR, RUN_DIR, WORK_DIR } from './options.js';
import { freePort, HOST, startServer, type ServerProcess } from './processes.js';
import { BENCH_PASSWORD, USERS } from './seed.js';

const ROOT = path.dirname(BENCH_DIR);
/** tsx's loader by path: the reference servers run from any working directory (perf's jitdump lands in it). */
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
export const LOG_DIR = path.join(RUN_DIR, 'logs');
export const PROFILE_DIR = path.join(WORK_DIR, 'profiles');

/**
 * The settings the server under test runs with, reported with the results. The per-address rate
 * limit is off: every request comes from one address, and loopback is exempt anyway.
 */
export const POS_SETTINGS = {
  LOG_LEVEL: 'info',
  POS_RATE_LIMIT_MAX: '0',
  POS_SOCKET_MAX_PER_ADDRESS: '100000',
  POS_ACCESS_TOKEN_TTL: '3600',
  POS_SQLITE_SYNCHRONOUS: 'NORMAL',
  NODE_ENV: 'production',
} as const;

/**
 * The node flags `npm start` runs the server with (package.json's start script), so the server
 * under test runs as production does whatever flags are added there.
 */
export function productionNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split(/\s+/);
  const node = words.indexOf('node');
  const entry = words.findIndex((word) => word.endsWith('main.js'));
  if (node < 0 || entry < node) throw new Error(`cannot read the node flags from the start script "${scripts.start}"`);
  return words.slice(node + 1, entry);
}

export interface PosOptions {
  cpuProfile?: boolean;
  /** Settings changed for one comparison (e.g. the request log off); the report says so. */
  overrides?: Record<string, string>;
  /** Preloads bench/lib/memory-probe.mjs (with --expose-gc): memory breakdowns written here on SIGUSR2. */
  memoryFile?: string;
  /** Node flags added to production's (a candidate setting measured beside the default). */
  nodeFlags?: string[];
  /** Another build's server/main.js (the guard's baseline, the tests' .test-build); this checkout's build by default. */
  entry?: string;
}

export async function startPos(
  dataDir: string,
  label: string,
  { cpuProfile = false, overrides = {}, memoryFile, nodeFlags = [], entry = SERVER_ENTRY }: PosOptions = {},
): Promise<ServerProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const port = await freePort();
  const profile = cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [];
  const probe = memoryFile ? ['--expose-gc', '--import', path.join(BENCH_DIR, 'lib', 'memory-probe.mjs')] : [];
  return startServer({
    name: `pos (${label})`,
    command: process.execPath,
    args: [...productionNodeFlags(), ...nodeFlags, ...profile, ...probe, entry],
    env: {
      ...POS_SETTINGS,
      PORT: String(port),
      HOST,
      POS_DATA_DIR: dataDir,
      POS_ADMIN_USER_NAME: USERS.manager,
      POS_ADMIN_PASSWORD: BENCH_PASSWORD,
      ...(memoryFile && { BENCH_MEMORY_FILE: memoryFile }),
      ...overrides,
    },
    port,
    readyPath: '/ready',
    logFile: path.join(LOG_DIR, `pos-${label}.log`),
    discardStdout: true,
  });
}

/** The ceiling of the reads; `nodeFlags` go before its script (bench/tools/load-profile.ts: --perf-prof). */
export function startCeiling(bodies: CeilingBodies, nodeFlags: string[] = []): Promise<ServerProcess> {
  return startBareFastify({
    name: 'ceiling (bare fastify)',
    script: 'ceiling-server.ts',
    data: bodies,
    dataVariable: 'BENCH_BODIES',
    file: 'ceiling',
    nodeFlags,
  });
}

/** The HTTP floor of POST /orders (bench/floor-server.ts), answering `createdOrder` to every order. */
export function startFloorServer(createdOrder: unknown): Promise<ServerProcess> {
  return startBareFastify({
    name: 'floor (bare fastify POST /orders)',
    script: 'floor-server.ts',
    data: createdOrder,
    dataVariable: 'BENCH_BODY',
    file: 'floor',
  });
}

/**
 * The contract's minimum for POST /orders (bench/contract-minimum-server.ts) on `dataDir`, a copy of
 * the data of its own, checking tokens signed with the secret in `secretFile`; `nodeFlags` go before its script.
 */
export async function startContractMinimum(
  dataDir: string,
  secretFile: string,
  ownerId: string,
  nodeFlags: string[] = [],
): Promise<ServerProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const port = await freePort();
  return startServer({
    name: 'contract minimum (POST /orders)',
    command: process.execPath,
    args: [...nodeFlags, '--import', TSX, path.join(BENCH_DIR, 'contract-minimum-server.ts')],
    env: { PORT: String(port), BENCH_DATA_DIR: dataDir, BENCH_JWT_SECRET_FILE: secretFile, BENCH_OWNER: ownerId, NODE_ENV: 'production' },
    port,
    readyPath: '/health',
    logFile: path.join(LOG_DIR, 'contract-minimum.log'),
    // Its access log goes where ours goes: nowhere.
    discardStdout: true,
  });
}

/** A bare fastify reference server from bench/, given its data as a JSON file named by `dataVariable`. */
async function startBareFastify({
  name,
  script,
  data,
  dataVariable,
  file,
  nodeFlags = [],
}: {
  name: string;
  script: string;
  data: unknown;
  dataVariable: string;
  file: string;
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const dataFile = path.join(RUN_DIR, `${file}-data.json`);
  writeFileSync(dataFile, JSON.stringify(data));
  const port = await freePort();
  return startServer({
    name,
    command: process.execPath,
    args: [...nodeFlags, '--import', TSX, path.join(BENCH_DIR, script)],
    env: { PORT: String(port), [dataVariable]: dataFile, NODE_ENV: 'production' },
    port,
    readyPath: '/health',
    logFile: path.join(LOG_DIR, `${file}.log`),
  });
}

/** json-server 0.17.4 from its own command line, watching a db.json of the same dishes. */
export async function startJsonServer(dishes: { id: string }[]): Promise<ServerProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const dir = path.join(RUN_DIR, 'json-server');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ dishes }, null, 2));
  const port = await freePort();
  const cli = path.join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
  return startServer({
    name: 'json-server 0.17.4',
    command: process.execPath,
    args: [cli, '--watch', path.join(dir, 'db.json'), '--port', String(port), '--host', HOST, '--quiet'],
    env: { NODE_ENV: 'production' },
    port,
    readyPath: `/dishes/${dishes[0]?.id ?? ''}`,
    logFile: path.join(LOG_DIR, 'json-server.log'),
  });
}
