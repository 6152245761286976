// `npm run bench:guard`: the working tree against our own baseline (the commit in bench/guard-baseline),
// both servers in one run, measured in slices that alternate and are paired: POST /orders CPU per
// order ≤ 1.10× the baseline's and GET /dishes/{id} throughput ≥ 0.95× the baseline's, each judged on
// the median of the pairs' ratios. The contract's minimum and bare fastify are
// measured beside them and reported, not gated. Exits 1 when a line is missed (docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Request } from 'autocannon';
import { cancelPlacedSince, signIn, type Tokens } from './lib/api.js';
import { baselineCommit, buildBaseline } from './lib/baseline.js';
import { buildServer, SERVER_ENTRY } from './lib/build.js';
import { Dataset } from './lib/dataset.js';
import {
  guardTable,
  besideTable,
  guardVerdicts,
  writeGuardReport,
  type GuardRecord,
  type GuardSide,
  type Pair,
} from './lib/guard-report.js';
import { combine, load, loadCount, warmUp, type LoadResult } from './lib/load.js';
import { describeMachine, loadAverage, speedIndexMs } from './lib/machine.js';
import { loadOptions } from './lib/options.js';
import type { ServerProcess } from './lib/processes.js';
import { startContractMinimum, startPos } from './lib/servers.js';
import { endpoints, startComparators } from './suites/http.js';
import { copyData, measureMinimum, postRequests } from './suites/orders.js';

const log = (line: string) => console.log(line);
const options = loadOptions({ ...process.env, BENCH_GUARD: '1' });
const ROOT = path.dirname(import.meta.dirname);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const concurrency = options.postConcurrency[0] ?? 16;

type Side = 'baseline' | 'tree';
const SIDES: Side[] = ['baseline', 'tree'];

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
    const { results, pairs } = await measure(dataset, entries);
    const record: GuardRecord = {
      machine: describeMachine(),
      loadAverage: { start, end: loadAverage() },
      speedIndexMs: { start: speedAtStart, end: speedIndexMs() },
      baseline: { commit, subject: git('log', '-1', '--format=%s', commit) },
      tree: { commit: git('rev-parse', 'HEAD'), changed: git('status', '--porcelain', '--untracked-files=no') !== '' },
      settings: {
        rounds: options.rounds,
        slices: options.guardSlices,
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
      pairs,
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

type Runs = Record<Side, Record<keyof GuardSide, LoadResult[]>>;

async function measure(dataset: Dataset, entries: Record<Side, string>): Promise<Pick<GuardRecord, 'results' | 'pairs'>> {
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
  const runs: Runs = { baseline: { post: [], get: [] }, tree: { post: [], get: [] } };
  const pairs: GuardRecord['pairs'] = { post: [], get: [] };
  const minimum: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  const readLoad = { connections: options.connections, duration: options.duration, warmup: options.warmup };
  try {
    for (let round = 1; round <= options.rounds; round++) {
      await measureRound(round, dataset, entries, { posts, reads, tokens }, runs, pairs);
      const startMinimum = (dataCopy: string) =>
        startContractMinimum(dataCopy, path.join(dataset.dir, 'jwt-secret'), dataset.kitchen.patronId);
      const count = { connections: concurrency, count: options.postOrders, warmup: options.postWarmup };
      minimum.push(await measureMinimum(startMinimum, copyData(dataset.dir, 'minimum-data'), posts, count));
      ceiling.push(await load(comparators.ceiling, { requests: reads }, readLoad));
      const ratios = (list: Pair[]) => list.slice(-options.guardSlices).map((pair) => (pair.tree / pair.baseline).toFixed(2));
      log(
        `  round ${round}: the tree ÷ the baseline, CPU per order ${ratios(pairs.post).join(' ')}; reads per second ` +
          `${ratios(pairs.get).join(' ')}; minimum ${minimum.at(-1)?.cpuUsPerRequest} µs; bare fastify ${ceiling.at(-1)?.rps}/s`,
      );
    }
  } finally {
    await comparators.stop();
  }
  const side = (name: Side): GuardSide => ({ post: combine(runs[name].post), get: combine(runs[name].get) });
  return { results: { baseline: side('baseline'), tree: side('tree'), minimum: combine(minimum), ceiling: combine(ceiling) }, pairs };
}

/**
 * One round: both servers started at once, each on its own copy of the stored orders, warmed, then
 * measured in slices that alternate (the side that goes first changes every slice), each slice of
 * the tree paired with the baseline's next to it.
 */
async function measureRound(
  round: number,
  dataset: Dataset,
  entries: Record<Side, string>,
  { posts, reads, tokens }: { posts: Request[]; reads: Request[]; tokens: Tokens },
  runs: Runs,
  pairs: GuardRecord['pairs'],
): Promise<void> {
  const copies: Partial<Record<Side, Dataset>> = {};
  const servers: Partial<Record<Side, ServerProcess>> = {};
  try {
    for (const side of SIDES) {
      copies[side] = await dataset.copy(`guard-${side}-${round}`);
      servers[side] = await startPos(copies[side].dir, `guard-${side}-${round}`, { entry: entries[side] });
    }
    const both = servers as Record<Side, ServerProcess>;
    const slices = options.guardSlices;
    const orderOf = (slice: number): Side[] => ((round + slice) % 2 === 0 ? ['baseline', 'tree'] : ['tree', 'baseline']);
    const perSlice = Math.max(1, Math.round(options.postOrders / slices));
    for (const side of orderOf(0)) {
      const since = new Date();
      const afterWarmup = () => cancelPlacedSince(both[side].url, tokens.manager, since);
      await warmUp(
        both[side],
        { requests: posts },
        { connections: concurrency, warmup: options.postWarmup, rewarm: options.postRewarm, afterWarmup },
      );
    }
    /** Each slice measures both sides in that slice's order and pairs their figures (`figure` of each). */
    const paired = async (what: keyof GuardSide, run: (side: Side) => Promise<LoadResult>, figure: (result: LoadResult) => number) => {
      for (let slice = 0; slice < slices; slice++) {
        const measured = {} as Record<Side, LoadResult>;
        for (const side of orderOf(slice)) runs[side][what].push((measured[side] = await run(side)));
        pairs[what].push({ baseline: figure(measured.baseline), tree: figure(measured.tree) });
      }
    };
    const postLoad = { connections: concurrency, count: perSlice, warmup: 0 };
    await paired(
      'post',
      (side) => loadCount(both[side], { requests: posts }, postLoad),
      (result) => result.cpuUsPerRequest,
    );
    const seconds = Math.max(1, Math.round(options.duration / slices));
    for (const side of orderOf(0))
      await load(both[side], { requests: reads }, { connections: options.connections, duration: options.warmup, warmup: 0 });
    const readLoad = { connections: options.connections, duration: seconds, warmup: 0 };
    await paired(
      'get',
      (side) => load(both[side], { requests: reads }, readLoad),
      (result) => result.rps,
    );
  } finally {
    for (const side of SIDES) {
      await servers[side]?.stop();
      copies[side]?.remove();
    }
  }
}

await main();
