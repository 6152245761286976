// The guard's verdicts and report: the working tree against the baseline commit, measured in the
// same run. Both servers run at once, each on its own copy of the data, and are measured in short
// slices that alternate (baseline, tree, then tree, baseline…): each slice of the tree is paired with
// the baseline's beside it, and a line is judged on the median of the pairs' ratios, so that the
// host's swings (a run's rounds here moved by 1.8×) fall on both sides of a pair alike. Gated: POST
// /orders CPU per order and GET /dishes/{id} throughput. Shown beside them, not gated: each side's
// ratio to the contract's minimum and to bare fastify, which say how far the design is from what it
// is built on.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.js';
import type { Machine } from './machine.js';
import { median, percentile, round } from './stats.js';

/** POST /orders may cost at most this many times the baseline's CPU per order. */
export const CPU_LINE = 1.1;
/** GET /dishes/{id} must answer at least this share of the baseline's requests per second. */
export const THROUGHPUT_LINE = 0.95;

/** What the full run's report says of the two guarded lines, which it does not judge itself. */
export const GUARD_NOTE =
  `POST /orders (CPU per order ≤ ${CPU_LINE.toFixed(2)}× the baseline's) and GET /dishes/{id} (requests per second ` +
  `≥ ${THROUGHPUT_LINE.toFixed(2)}× the baseline's) are guarded against our own baseline commit (bench/guard-baseline) by ` +
  '`npm run bench:guard`, both measured in one run (bench/results/guard.md); their figures here are reported, not judged.';

export interface GuardSide {
  /** POST /orders (c=16, no screens): CPU per order around a fixed count of orders. */
  post: LoadResult;
  /** GET /dishes/{id}: requests per second over a fixed time. */
  get: LoadResult;
}

/** One slice of each side, measured one after the other: CPU µs per order, or reads per second. */
export interface Pair {
  baseline: number;
  tree: number;
}

export interface GuardRecord {
  machine: Machine;
  loadAverage: { start: number[]; end: number[] };
  speedIndexMs: { start: number; end: number };
  baseline: { commit: string; subject: string };
  /** The working tree: its HEAD, and whether it had changes not committed. */
  tree: { commit: string; changed: boolean };
  settings: {
    rounds: number;
    /** Slices per side and round, each postOrders / slices orders and duration / slices seconds of reads. */
    slices: number;
    orders: number;
    postOrders: number;
    postWarmup: number;
    postConcurrency: number;
    connections: number;
    duration: number;
    warmup: number;
  };
  durationSeconds: number;
  /** Each side's slices pooled (what the beside table and the failed-request check read). */
  results: { baseline: GuardSide; tree: GuardSide; minimum: LoadResult; ceiling: LoadResult };
  /** Every pair of slices, in the order measured. */
  pairs: { post: Pair[]; get: Pair[] };
}

export interface GuardVerdict {
  what: string;
  /** Each side's median slice. */
  baseline: string;
  tree: string;
  /** The median of the pairs' ratios (tree ÷ baseline): the figure judged. */
  ratio: number;
  /** The middle half of the pairs' ratios, and how many pairs there were. */
  spread: string;
  line: string;
  met: boolean;
}

const us = (value: number) => `${Math.round(value).toLocaleString('en-US')} µs`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
const flawed = (result: LoadResult) => result.non2xx + result.errors + result.timeouts > 0;
const times = (value: number) => `${value.toFixed(2)}×`;

/** The median and middle half of the pairs' ratios; each side's median slice. */
export function pairedRatio(pairs: readonly Pair[]): { ratio: number; low: number; high: number; baseline: number; tree: number } {
  const ratios = pairs.map((pair) => pair.tree / pair.baseline);
  return {
    ratio: round(median(ratios), 3),
    low: round(percentile(ratios, 25), 3),
    high: round(percentile(ratios, 75), 3),
    baseline: median(pairs.map((pair) => pair.baseline)),
    tree: median(pairs.map((pair) => pair.tree)),
  };
}

export function guardVerdicts({ results, settings, pairs }: Pick<GuardRecord, 'results' | 'settings' | 'pairs'>): GuardVerdict[] {
  const { baseline, tree } = results;
  const cpu = pairedRatio(pairs.post);
  const throughput = pairedRatio(pairs.get);
  const spread = (paired: ReturnType<typeof pairedRatio>, count: number) => `${times(paired.low)}–${times(paired.high)} (${count} pairs)`;
  // A run with failed requests measured something else: never a pass.
  const clean = (...runs: LoadResult[]) => runs.every((run) => !flawed(run));
  return [
    {
      what: `POST /orders, CPU per order (${settings.postConcurrency} at once, no screens)`,
      baseline: us(cpu.baseline),
      tree: us(cpu.tree),
      ratio: cpu.ratio,
      spread: spread(cpu, pairs.post.length),
      line: `≤ ${CPU_LINE.toFixed(2)}×`,
      met: cpu.ratio <= CPU_LINE && clean(baseline.post, tree.post),
    },
    {
      what: `GET /dishes/{id}, requests per second (${settings.connections} connections)`,
      baseline: perSecond(throughput.baseline),
      tree: perSecond(throughput.tree),
      ratio: throughput.ratio,
      spread: spread(throughput, pairs.get.length),
      line: `≥ ${THROUGHPUT_LINE.toFixed(2)}×`,
      met: throughput.ratio >= THROUGHPUT_LINE && clean(baseline.get, tree.get),
    },
  ];
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The gated table, as the README quotes it. */
export function guardTable(record: Pick<GuardRecord, 'results' | 'settings' | 'baseline' | 'pairs'>): string[] {
  return [
    row([
      'what',
      `baseline (${record.baseline.commit.slice(0, 7)})`,
      'this tree',
      'this ÷ baseline',
      'middle half of the pairs',
      'line',
      '',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---', '---']),
    ...guardVerdicts(record).map((v) => row([v.what, v.baseline, v.tree, times(v.ratio), v.spread, v.line, v.met ? 'met' : '**missed**'])),
  ];
}

/** Each side against the contract's minimum and bare fastify: information, never a verdict. */
export function besideTable({ results }: Pick<GuardRecord, 'results'>): string[] {
  const { baseline, tree, minimum, ceiling } = results;
  const ofMinimum = (side: GuardSide) => times(side.post.cpuUsPerRequest / minimum.cpuUsPerRequest);
  const ofCeiling = (side: GuardSide) => `${((side.get.rps / ceiling.rps) * 100).toFixed(1)}%`;
  return [
    row(['beside them (not gated)', 'baseline', 'this tree']),
    row(['---', '---:', '---:']),
    row([
      `POST /orders ÷ the contract's minimum (CPU per order; the minimum's: ${us(minimum.cpuUsPerRequest)})`,
      ofMinimum(baseline),
      ofMinimum(tree),
    ]),
    row([
      `GET /dishes/{id} ÷ bare fastify (requests per second; bare fastify's: ${perSecond(ceiling.rps)})`,
      ofCeiling(baseline),
      ofCeiling(tree),
    ]),
  ];
}

const pairRatios = (pairs: readonly Pair[]) => pairs.map((pair) => (pair.tree / pair.baseline).toFixed(2)).join(', ');

export function guardMarkdown(record: GuardRecord): string {
  const { machine, settings } = record;
  const tree = `${record.tree.commit.slice(0, 10)}${record.tree.changed ? ' with changes not committed' : ''}`;
  return [
    `# Guard run ${machine.date}`,
    '',
    `- Baseline: ${record.baseline.commit.slice(0, 10)} (${record.baseline.subject}); this tree: ${tree}.`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores; Node ${machine.node}. Load average (1/5/15 min) ` +
      `${record.loadAverage.start.join(' / ')} at the start, ${record.loadAverage.end.join(' / ')} at the end; ` +
      `speed index ${record.speedIndexMs.start} ms, then ${record.speedIndexMs.end} ms (lower is faster).`,
    `- ${settings.rounds} round(s) on ${settings.orders.toLocaleString('en-US')} stored orders, each round both servers ` +
      `at once (fresh processes, each on its own copy of the data), warmed by ${settings.postWarmup.toLocaleString('en-US')} ` +
      `orders thrown away, then ${settings.slices} slices a side alternating: POST /orders CPU per order from /proc around ` +
      `${Math.round(settings.postOrders / settings.slices).toLocaleString('en-US')} orders a slice; GET /dishes/{id} for ` +
      `${round(settings.duration / settings.slices, 1)} s a slice after ${settings.warmup} s thrown away. Each line is judged ` +
      `on the median of the ${settings.rounds * settings.slices} pairs' ratios. Whole run: ${Math.round(record.durationSeconds)} s.`,
    '',
    ...guardTable(record),
    '',
    ...besideTable(record),
    '',
    "Each pair's ratio (this tree ÷ baseline), in the order measured:",
    '',
    `- POST /orders: ${pairRatios(record.pairs.post)}`,
    `- GET /dishes/{id}: ${pairRatios(record.pairs.get)}`,
    '',
  ].join('\n');
}

export function writeGuardReport(outDir: string, record: GuardRecord): { json: string; md: string } {
  mkdirSync(outDir, { recursive: true });
  const json = path.join(outDir, 'guard.json');
  const md = path.join(outDir, 'guard.md');
  writeFileSync(json, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(md, guardMarkdown(record));
  return { json, md };
}
