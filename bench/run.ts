// `npm run bench`: the whole benchmark, its results written to bench/results/ (see docs/benchmarks.md).
// Settings come from BENCH_* variables (bench/lib/options.ts); the defaults are the committed run.
import path from 'node:path';
import { orderBodies, placeOrder, signIn } from './lib/api.js';
import { buildServer } from './lib/build.js';
import { Dataset } from './lib/dataset.js';
import { describeMachine, loadAverage, speedIndexMs, waitForQuiet } from './lib/machine.js';
import { loadOptions } from './lib/options.js';
import type { Memory } from './lib/processes.js';
import { writeReport, type RunRecord } from './lib/report.js';
import { POS_SETTINGS, productionNodeFlags, startContractMinimum, startFloorServer, startPos } from './lib/servers.js';
import { verdicts, type Results } from './lib/targets.js';
import { growthSuite } from './suites/growth.js';
import { compare, endpoints, startComparators, type Comparators } from './suites/http.js';
import { ordersSuite } from './suites/orders.js';
import { orderLatency, roomFanOut } from './suites/realtime.js';

const log = (line: string) => console.log(line);
const options = loadOptions();
const settings = { connections: options.connections, duration: options.duration, warmup: options.warmup, rounds: options.rounds };
const growthSettings = { connections: options.connections, duration: options.growthDuration, warmup: options.growthWarmup };
const ordersSettings = {
  rounds: options.rounds,
  orders: options.postOrders,
  warmup: options.postWarmup,
  rewarm: options.postRewarm,
  concurrency: options.postConcurrency,
  sockets: options.postSockets,
  group: options.floorGroup,
  idempotency: options.idempotency,
};
const has = (suite: (typeof options.suites)[number]) => options.suites.includes(suite);

async function measure(record: Pick<RunRecord, 'memory'>): Promise<Results> {
  const results: Results = { http: [], orders: [], realtime: [], fanOut: null, growth: [] };
  if (has('http') || has('orders') || has('realtime')) {
    log(`Seeding ${options.orders.toLocaleString('en-US')} orders…`);
    const dataset = await Dataset.create('main');
    try {
      await dataset.growTo(options.orders);
      if (has('http')) await httpSuite(dataset, results, record);
      // After the reads: every order placed adds to the lists they measure.
      if (has('orders')) results.orders = await ordersAgainstFloor(dataset);
      if (has('realtime')) await realtimeSuite(dataset, results, record);
    } finally {
      dataset.remove();
    }
  }
  if (has('growth')) {
    log(`Growth: every list at ${options.growthSizes.join(', ')} stored orders`);
    results.growth = await growthSuite(options.growthSizes, growthSettings, log, {
      server: { cpuProfile: options.cpuProfile },
      candidateFlags: options.memoryCandidateFlags,
    });
  }
  return results;
}

async function httpSuite(dataset: Dataset, results: Results, record: Pick<RunRecord, 'memory'>): Promise<void> {
  log('HTTP: ours, the ceiling and json-server, side by side');
  const first = await startPos(dataset.dir, 'http-setup');
  let comparators: Comparators | undefined;
  try {
    const tokens = await signIn(first.url);
    comparators = await startComparators(first, dataset.kitchen, tokens);
    record.memory.httpIdle = first.memory();
    await first.stop();
    let round = 0;
    const ours = () => startPos(dataset.dir, `http-${++round}`, { cpuProfile: options.cpuProfile });
    const chosen = endpoints(dataset.kitchen, tokens).filter(
      ({ name }) => options.endpoints.length === 0 || options.endpoints.some((part) => name.includes(part)),
    );
    results.http = await compare(ours, comparators, chosen, settings, log);
  } finally {
    await Promise.all([first.stop(), comparators?.stop()]);
  }
}

async function ordersAgainstFloor(dataset: Dataset): Promise<Results['orders']> {
  log(`POST /orders against its floor (c=${options.postConcurrency.join(', ')}; ${options.postSockets.join(' and ')} kitchen sockets)`);
  const setup = await startPos(dataset.dir, 'orders-setup');
  let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    const tokens = await signIn(setup.url);
    const [body] = orderBodies(dataset.kitchen, 1);
    floor = await startFloorServer(body ? await placeOrder(setup.url, tokens.patron, body) : {});
    await setup.stop();
    const startOurs = (label: string) => startPos(dataset.dir, label, { cpuProfile: options.cpuProfile });
    const finishPlacedSince = (since: Date) => dataset.finishPlacedSince(since);
    const startMinimum = (dataCopy: string) =>
      startContractMinimum(dataCopy, path.join(dataset.dir, 'jwt-secret'), dataset.kitchen.patronId);
    return await ordersSuite(
      { dataDir: dataset.dir, kitchen: dataset.kitchen, tokens, startOurs, floor, startMinimum, finishPlacedSince },
      ordersSettings,
      log,
    );
  } finally {
    await Promise.all([setup.stop(), floor?.stop()]);
  }
}

async function realtimeSuite(dataset: Dataset, results: Results, record: Pick<RunRecord, 'memory'>): Promise<void> {
  log('Realtime: POST /orders to station sockets');
  const live = await startPos(dataset.dir, 'realtime', { cpuProfile: options.cpuProfile });
  try {
    const tokens = await signIn(live.url);
    for (const sockets of options.socketCounts) {
      const report = await orderLatency(live, dataset.kitchen, tokens, sockets, options.realtimeOrders);
      results.realtime.push(report);
      log(
        `  ${sockets} sockets: p50 ${report.afterResponseMs.p50} ms, p99 ${report.afterResponseMs.p99} ms ` +
          `after the response (${report.afterResponseMs.samples} receipts, ${report.missed} missed)`,
      );
    }
    results.fanOut = await roomFanOut(live, dataset.kitchen, tokens, options.roomSockets, options.roomEvents);
    log(
      `  one room of ${options.roomSockets}: the last socket after ${results.fanOut.lastScreenMs.p50} ms (p50), ${results.fanOut.lastScreenMs.p99} ms (p99)`,
    );
    record.memory.realtimeAfter = live.memory();
  } finally {
    await live.stop();
  }
}

async function main(): Promise<void> {
  const { outDir, ...recorded } = options;
  let quietWait: RunRecord['quietWait'] = { waited: false, quiet: null, waitedSeconds: 0 };
  if (options.waitForQuiet) {
    log(`Waiting for the 1-minute load average to drop below 1.0 (at most ${options.quietMaxMinutes} minutes)…`);
    const wait = await waitForQuiet(1.0, options.quietMaxMinutes);
    quietWait = { waited: true, quiet: wait.quiet, waitedSeconds: wait.waitedSeconds };
  }
  log('Building the server (tsc) into bench/.work/build…');
  buildServer();
  const machine = describeMachine();
  const start = loadAverage();
  const speedAtStart = speedIndexMs();
  const started = Date.now();
  const unmeasured: Memory = { rssMB: Number.NaN, peakMB: Number.NaN };
  const record: Pick<RunRecord, 'memory'> = { memory: { httpIdle: unmeasured, realtimeAfter: null } };
  const results = await measure(record);
  const full: RunRecord = {
    machine,
    loadAverage: { start, end: loadAverage() },
    speedIndexMs: { start: speedAtStart, end: speedIndexMs() },
    quietWait,
    options: recorded,
    serverSettings: { ...POS_SETTINGS, 'node flags': productionNodeFlags().join(' ') },
    durationSeconds: (Date.now() - started) / 1000,
    memory: record.memory,
    results,
  };
  const written = writeReport(outDir, full);
  log('');
  const judged = verdicts(results);
  for (const verdict of judged) log(`${verdict.met === null ? '?' : verdict.met ? '✓' : '✗'} ${verdict.target}: ${verdict.measured}`);
  log(`\nWritten: ${written.json}\n         ${written.md}`);
}

await main();
