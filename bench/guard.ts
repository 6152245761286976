// `npm run bench:guard`: the working tree against our own baseline (the commit in bench/guard-baseline),
// both servers in one run, alternating: POST /orders CPU per order ≤ 1.10× the baseline's and
// GET /dishes/{id} throughput ≥ 0.95× the baseline's. The contract's minimum and bare fastify are
// measured beside them and reported, not gated. Exits 1 when a line is missed (docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { signIn, type Tokens } from './lib/api.js';
import { baselineCommit, buildBaseline } from './lib/baseline.js';
import { buildServer, SERVER_ENTRY } from './lib/build.js';
import { Dataset } from './lib/dataset.js';
import { guardTable, besideTable, guardVerdicts, writeGuardReport, type GuardRecord, type GuardSide } from './lib/guard-report.js';
import { combine, load, loadCount, type LoadResult } from './lib/load.js';
import { describeMachine, loadAverage, speedIndexMs } from './lib/machine.js';
import { loadOptions } from './lib/options.js';
import { startContractMinimum, startPos } from './lib/servers.js';
import { endpoints, startComparators } from './suites/http.js';
import { copyData, measureMinimum, postRequests } from './suites/orders.js';
import { cancelPlacedSince } from './lib/api.js';

const log = (line: string) => console.log(line);
const options = loadOptions({ ...process.env, BENCH_GUARD: '1' });
const ROOT = path.dirname(import.meta.dirname);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const concurrency = options.postConcurrency[0] ?? 16;

type Side = 'baseline' | 'tree';

async function main(): Promise<void> {
  const commit = baselineCommit();
  const baseline = buildBaseline(commit, log);
  log('Building this tree (tsc) into bench/.work/build…');
  buildServer();
  const entries: Record<Side, string> = { baseline: baseline.entry, tree: SERVER_ENTRY };
  const start = loadAverage();
  const speedAtStart = speedIndexMs();
  const started = Date.now();

  log(`Seeding ${options.orders.toLocaleString('en-US')} orders…`);
  const dataset = await Dataset.create('guard');
  try {
    await dataset.growTo(options.orders);
    const results = await measure(dataset, entries);
    const record: GuardRecord = {
      machine: describeMachine(),
      loadAverage: { start, end: loadAverage() },
      speedIndexMs: { start: speedAtStart, end: speedIndexMs() },
      baseline: { commit, subject: git('log', '-1', '--format=%s', commit) },
      tree: { commit: git('rev-parse', 'HEAD'), changed: git('status', '--porcelain', '--untracked-files=no') !== '' },
      settings: {
        rounds: options.rounds,
        orders: options.orders,
        postOrders: options.postOrders,
        postWarmup: options.postWarmup,
        postConcurrency: concurrency,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
      },
      durationSeconds: (Date.now() - started) / 1000,
      results,
    };
    const written = writeGuardReport(options.outDir, record);
    log('');
    for (const line of [...guardTable(record), '', ...besideTable(record)]) log(line);
    log(`\nWritten: ${written.json}\n         ${written.md}`);
    if (guardVerdicts(record).some((verdict) => !verdict.met)) process.exitCode = 1;
  } finally {
    dataset.remove();
  }
}

async function measure(dataset: Dataset, entries: Record<Side, string>): Promise<GuardRecord['results']> {
  const setup = await startPos(dataset.dir, 'guard-setup');
  let tokens: Tokens;
  let comparators: Awaited<ReturnType<typeof startComparators>> | undefined;
  try {
    tokens = await signIn(setup.url);
    comparators = await startComparators(setup, dataset.kitchen, tokens);
  } catch (error) {
    await setup.stop();
    throw error;
  }
  await setup.stop();
  const posts = postRequests(dataset.kitchen, tokens, options.idempotency);
  const reads = endpoints(dataset.kitchen, tokens).find(({ name }) => name === 'GET /dishes/{id}')?.ours ?? [];
  const runs = { baseline: { post: [], get: [] }, tree: { post: [], get: [] } } as Record<Side, Record<keyof GuardSide, LoadResult[]>>;
  const minimum: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  const readLoad = { connections: options.connections, duration: options.duration, warmup: options.warmup };
  try {
    for (let round = 1; round <= options.rounds; round++) {
      // Which side goes first alternates, so a machine getting busier or quieter weighs on both alike.
      const order: Side[] = round % 2 === 1 ? ['baseline', 'tree'] : ['tree', 'baseline'];
      for (const side of order) {
        const since = new Date();
        const pos = await startPos(dataset.dir, `guard-${side}-post-${round}`, { entry: entries[side] });
        try {
          const afterWarmup = () => cancelPlacedSince(pos.url, tokens.manager, since);
          const load = { connections: concurrency, count: options.postOrders, warmup: options.postWarmup, rewarm: options.postRewarm };
          runs[side].post.push(await loadCount(pos, { requests: posts }, { ...load, afterWarmup }));
        } finally {
          await pos.stop();
        }
        await dataset.finishPlacedSince(since);
      }
      for (const side of order) {
        const pos = await startPos(dataset.dir, `guard-${side}-get-${round}`, { entry: entries[side] });
        try {
          runs[side].get.push(await load(pos, { requests: reads }, readLoad));
        } finally {
          await pos.stop();
        }
      }
      const startMinimum = (dataCopy: string) =>
        startContractMinimum(dataCopy, path.join(dataset.dir, 'jwt-secret'), dataset.kitchen.patronId);
      const count = { connections: concurrency, count: options.postOrders, warmup: options.postWarmup };
      minimum.push(await measureMinimum(startMinimum, copyData(dataset.dir, 'minimum-data'), posts, count));
      ceiling.push(await load(comparators.ceiling, { requests: reads }, readLoad));
      const last = (side: Side) => `${runs[side].post.at(-1)?.cpuUsPerRequest} µs per order, ${runs[side].get.at(-1)?.rps}/s`;
      log(
        `  round ${round}: baseline ${last('baseline')}; this tree ${last('tree')}; ` +
          `minimum ${minimum.at(-1)?.cpuUsPerRequest} µs; bare fastify ${ceiling.at(-1)?.rps}/s`,
      );
    }
  } finally {
    await comparators.stop();
  }
  const side = (name: Side): GuardSide => ({ post: combine(runs[name].post), get: combine(runs[name].get) });
  return { baseline: side('baseline'), tree: side('tree'), minimum: combine(minimum), ceiling: combine(ceiling) };
}

await main();
