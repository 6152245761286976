// `npm run bench`: the whole benchmark, its results written to bench/results/ (see docs/benchmarks.md).
// Settings come from BENCH_* variables (bench/lib/options.ts); the defaults are the committed run.
import { signIn } from './lib/api.js';
import { buildServer } from './lib/build.js';
import { Dataset } from './lib/dataset.js';
import { describeMachine, loadAverage, waitForQuiet } from './lib/machine.js';
import { loadOptions } from './lib/options.js';
import type { Memory, ServerProcess } from './lib/processes.js';
import { writeReport, type RunRecord } from './lib/report.js';
import { POS_SETTINGS, QUIET_LOG, QUIET_LOG_TEXT, startPos } from './lib/servers.js';
import { verdicts, type Results } from './lib/targets.js';
import { growthSuite } from './suites/growth.js';
import { compare, endpoints, startComparators, type Comparators, type Endpoint } from './suites/http.js';
import { orderLatency, roomFanOut } from './suites/realtime.js';

const log = (line: string) => console.log(line);
const options = loadOptions();
const settings = { connections: options.connections, duration: options.duration, warmup: options.warmup, rounds: options.rounds };

/** Runs `work` against a server started for it, and stops the server whatever happens. */
async function withPos<T>(dir: string, label: string, overrides: Record<string, string>, work: (pos: ServerProcess) => Promise<T>): Promise<T> {
  const pos = await startPos(dir, label, { cpuProfile: options.cpuProfile, overrides });
  try {
    return await work(pos);
  } finally {
    await pos.stop();
  }
}

async function measure(record: Pick<RunRecord, 'memory'>): Promise<Results> {
  log(`Seeding ${options.orders.toLocaleString('en-US')} orders…`);
  const dataset = await Dataset.create('main');
  await dataset.growTo(options.orders);
  const results: Results = { http: [], httpQuietLog: [], realtime: [], fanOut: null, growth: [] };
  try {
    log('HTTP: ours, the ceiling and json-server, side by side');
    const first = await startPos(dataset.dir, 'http', { cpuProfile: options.cpuProfile });
    let comparators: Comparators | undefined;
    try {
      const tokens = await signIn(first.url);
      comparators = await startComparators(first, dataset.kitchen, tokens);
      record.memory.httpIdle = first.memory();
      const [list, byId, orders, post] = endpoints(dataset.kitchen, tokens) as [Endpoint, Endpoint, Endpoint, Endpoint];
      results.http = await compare(first, comparators, [list, byId, orders], settings, log);
      await first.stop();
      // Before the main POST runs, which add tens of thousands of Received orders to the list.
      log(`The same without the request log (${QUIET_LOG_TEXT}), one round`);
      const quiet = comparators;
      results.httpQuietLog = await withPos(dataset.dir, 'http-quiet-log', QUIET_LOG, (pos) => compare(pos, quiet, [list, byId, orders, post], { ...settings, rounds: 1 }, log));
      results.http.push(...(await withPos(dataset.dir, 'http-post', {}, async (pos) => {
        const reports = await compare(pos, quiet, [post], settings, log);
        record.memory.httpAfter = pos.memory();
        return reports;
      })));
    } finally {
      await Promise.all([first.stop(), comparators?.stop()]);
    }

    log('Realtime: POST /orders to station sockets');
    const live = await startPos(dataset.dir, 'realtime', { cpuProfile: options.cpuProfile });
    try {
      const tokens = await signIn(live.url);
      for (const sockets of options.socketCounts) {
        const report = await orderLatency(live, dataset.kitchen, tokens, sockets, options.realtimeOrders);
        results.realtime.push(report);
        log(`  ${sockets} sockets: p50 ${report.afterResponseMs.p50} ms, p99 ${report.afterResponseMs.p99} ms after the response (${report.afterResponseMs.samples} receipts, ${report.missed} missed)`);
      }
      results.fanOut = await roomFanOut(live, dataset.kitchen, tokens, options.roomSockets, options.roomEvents);
      log(`  one room of ${options.roomSockets}: the last socket after ${results.fanOut.lastScreenMs.p50} ms (p50), ${results.fanOut.lastScreenMs.p99} ms (p99)`);
      record.memory.realtimeAfter = live.memory();
    } finally {
      await live.stop();
    }
  } finally {
    dataset.remove();
  }

  log(`Growth: GET /orders at ${options.growthSizes.join(', ')} stored orders`);
  results.growth = await growthSuite(options.growthSizes, settings, log);
  return results;
}

async function main(): Promise<void> {
  const { outDir, ...recorded } = options;
  let quietWait: RunRecord['quietWait'] = { waited: false, quiet: null, waitedSeconds: 0 };
  if (options.waitForQuiet) {
    log('Waiting for the 1-minute load average to drop below 1.0 (at most 25 minutes)…');
    const wait = await waitForQuiet();
    quietWait = { waited: true, quiet: wait.quiet, waitedSeconds: wait.waitedSeconds };
  }
  log('Building the server (tsc) into bench/.work/build…');
  buildServer();
  const machine = describeMachine();
  const start = loadAverage();
  const started = Date.now();
  const unmeasured: Memory = { rssMB: Number.NaN, peakMB: Number.NaN };
  const record: Pick<RunRecord, 'memory'> = { memory: { httpIdle: unmeasured, httpAfter: unmeasured, realtimeAfter: null } };
  const results = await measure(record);
  const full: RunRecord = {
    machine,
    loadAverage: { start, end: loadAverage() },
    quietWait,
    options: recorded,
    serverSettings: { ...POS_SETTINGS },
    durationSeconds: (Date.now() - started) / 1000,
    memory: record.memory,
    results,
  };
  const written = writeReport(outDir, full);
  log('');
  for (const verdict of verdicts(results)) log(`${verdict.met === null ? '?' : verdict.met ? '✓' : '✗'} ${verdict.target}: ${verdict.measured}`);
  log(`\nWritten: ${written.json}\n         ${written.md}`);
}

await main();
