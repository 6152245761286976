// One server under one of the guards' loads, read as CPU per operation from /proc, and optionally
// perf-recorded around the measured operations: POST /orders as the guard places them (16 at once,
// each with its own Idempotency-Key; 15,000 thrown away, then, for ours, cancelled and 3,000 more
// thrown away, then the measured ones) or GET /dishes/{id} at 50 connections, on a fresh dataset.
// Runs of two settings alternated by hand give the paired figures docs/benchmarks.md quotes. The
// server's resident memory is printed beside: sampled every half second through the whole load
// (mean and highest), at its end, and the kernel's high-water mark (VmHWM).
//   npx tsx bench/tools/load-profile.ts post [ours|minimum] [KEY=VALUE …]
//   npx tsx bench/tools/load-profile.ts get [ours|ceiling] [KEY=VALUE …]
// KEY=VALUE pairs are given to our server (POS_MEMORY_TARGET_MB=0, LOG_LEVEL=warn). Environment:
// PROFILE_STORED (10,000 orders), PROFILE_OPERATIONS (5,000 orders; 40 times as many reads),
// PROFILE_PERF=1 to write perf.data and node's jitdump into the working directory (then the
// recipe of docs/benchmarks.md, "Profiling", from `perf inject`), PROFILE_ENTRY another build's
// server/main.js (the guard's baseline, bench/.work/baseline/<commit>/server/main.js) to profile it
// the same way. The server is otherwise the build the benchmark made last (`npm run bench:guard`
// makes both).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'autocannon';
import { cancelPlacedSince, getJson, signIn, type Tokens } from '../lib/api.js';
import { SERVER_ENTRY } from '../lib/build.js';
import { Dataset } from '../lib/dataset.js';
import { loadCount } from '../lib/load.js';
import type { ServerProcess } from '../lib/processes.js';
import { startCeiling, startContractMinimum, startPos } from '../lib/servers.js';
import { postRequests } from '../suites/orders.js';

const [mode = 'post', server = 'ours', ...settings] = process.argv.slice(2);
// Each load against ours and the reference its guard compares it with.
const REFERENCE: Record<string, string> = { post: 'minimum', get: 'ceiling' };
if (!(mode in REFERENCE) || ![REFERENCE[mode], 'ours'].includes(server)) {
  throw new Error('usage: load-profile.ts post [ours|minimum] [KEY=VALUE …] | get [ours|ceiling] [KEY=VALUE …]');
}
const entry = process.env.PROFILE_ENTRY ?? SERVER_ENTRY;
if (!existsSync(entry)) throw new Error(`no build at ${entry}: run npm run bench:guard once`);
const overrides = Object.fromEntries(settings.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const perf = process.env.PROFILE_PERF === '1';
const operations = Number(process.env.PROFILE_OPERATIONS ?? 5_000) * (mode === 'get' ? 40 : 1);
const flags = perf ? ['--perf-prof'] : [];

const dataset = await Dataset.create('profile');
try {
  await dataset.growTo(Number(process.env.PROFILE_STORED ?? 10_000));
  // Our server signs the users in first: the references check the same tokens.
  const setup = await startPos(dataset.dir, 'profile-setup');
  let tokens: Tokens;
  let dishes: Record<string, unknown>;
  try {
    tokens = await signIn(setup.url);
    const bodies = await Promise.all(dataset.kitchen.dishes.map((dish) => getJson<{ id: string }>(`${setup.url}/dishes/${dish.id}`)));
    dishes = Object.fromEntries(bodies.map((dish) => [dish.id, dish]));
  } finally {
    await setup.stop();
  }
  const started =
    server === 'ours'
      ? await startPos(dataset.dir, 'profile', { nodeFlags: flags, overrides, entry })
      : server === 'minimum'
        ? await startContractMinimum(dataset.dir, path.join(dataset.dir, 'jwt-secret'), dataset.kitchen.patronId, flags)
        : await startCeiling({ dishList: {}, dishes, orderList: {}, createdOrder: {} }, flags);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(started.memory().rssMB), 500);
  try {
    const cpuUsPerOperation = await measure(started, tokens);
    clearInterval(sampler);
    const { rssMB, peakMB } = started.memory();
    const meanMB = Math.round((samples.reduce((sum, mb) => sum + mb, 0) / samples.length) * 10) / 10;
    const memory = { meanMB, highestSampledMB: Math.max(...samples), atEndMB: rssMB, highWaterMB: peakMB };
    console.log(JSON.stringify({ mode, server, overrides, operations, cpuUsPerOperation, memory }));
  } finally {
    clearInterval(sampler);
    await started.stop();
  }
} finally {
  dataset.remove();
}

/** The guard's own count-based run (bench/lib/load.ts), perf attached around the measured requests when asked. */
async function measure(target: ServerProcess, tokens: Tokens): Promise<number> {
  const post = mode === 'post';
  const requests: Request[] = post
    ? postRequests(dataset.kitchen, tokens, true)
    : dataset.kitchen.dishes.map((dish) => ({ method: 'GET', path: `/dishes/${dish.id}` }));
  const since = new Date();
  let recorder: ChildProcess | null = null;
  const result = await loadCount(
    target,
    { requests },
    {
      connections: post ? 16 : 50,
      count: operations,
      warmup: post ? 15_000 : operations / 2,
      // As the guard runs ours: the warm-up's orders leave the kitchen, then 3,000 more are thrown away.
      ...(post && server === 'ours' && { afterWarmup: () => cancelPlacedSince(target.url, tokens.manager, since), rewarm: 3_000 }),
      ...(perf && {
        beforeMeasured: async () => {
          recorder = spawn('perf', ['record', '-k', '1', '-F', '1999', '-g', '-p', String(target.pid)], { stdio: 'ignore' });
          // perf attaches within a moment; the samples before the load are idle and left out by perf-split.
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        },
        afterMeasured: async () => {
          const stopped = new Promise((resolve) => recorder?.once('exit', resolve));
          recorder?.kill('SIGINT');
          await stopped;
        },
      }),
    },
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} answers not 2xx and ${result.errors} errors`);
  return result.cpuUsPerRequest;
}
