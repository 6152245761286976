// The guard's verdicts and report: the working tree against the baseline commit, measured in the
// same run. Gated: POST /orders CPU per order and GET /dishes/{id} throughput, each as a ratio to
// the baseline's. Shown beside them, not gated: each side's ratio to the contract's minimum and to
// bare fastify, which say how far the design is from what it is built on.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.js';
import type { Machine } from './machine.js';
import { round } from './stats.js';

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

export interface GuardRecord {
  machine: Machine;
  loadAverage: { start: number[]; end: number[] };
  speedIndexMs: { start: number; end: number };
  baseline: { commit: string; subject: string };
  /** The working tree: its HEAD, and whether it had changes not committed. */
  tree: { commit: string; changed: boolean };
  settings: {
    rounds: number;
    orders: number;
    postOrders: number;
    postWarmup: number;
    postConcurrency: number;
    connections: number;
    duration: number;
    warmup: number;
  };
  durationSeconds: number;
  results: { baseline: GuardSide; tree: GuardSide; minimum: LoadResult; ceiling: LoadResult };
}

export interface GuardVerdict {
  what: string;
  baseline: string;
  tree: string;
  ratio: number;
  line: string;
  met: boolean;
}

const us = (result: LoadResult) => `${result.cpuUsPerRequest.toLocaleString('en-US')} µs`;
const perSecond = (result: LoadResult) => `${result.rps.toLocaleString('en-US')}/s`;
const flawed = (result: LoadResult) => result.non2xx + result.errors + result.timeouts > 0;

export function guardVerdicts({ results, settings }: Pick<GuardRecord, 'results' | 'settings'>): GuardVerdict[] {
  const { baseline, tree } = results;
  const cpu = round(tree.post.cpuUsPerRequest / baseline.post.cpuUsPerRequest, 3);
  const throughput = round(tree.get.rps / baseline.get.rps, 3);
  // A run with failed requests measured something else: never a pass.
  const clean = (...runs: LoadResult[]) => runs.every((run) => !flawed(run));
  return [
    {
      what: `POST /orders, CPU per order (${settings.postConcurrency} at once, no screens)`,
      baseline: us(baseline.post),
      tree: us(tree.post),
      ratio: cpu,
      line: `≤ ${CPU_LINE.toFixed(2)}×`,
      met: cpu <= CPU_LINE && clean(baseline.post, tree.post),
    },
    {
      what: `GET /dishes/{id}, requests per second (${settings.connections} connections)`,
      baseline: perSecond(baseline.get),
      tree: perSecond(tree.get),
      ratio: throughput,
      line: `≥ ${THROUGHPUT_LINE.toFixed(2)}×`,
      met: throughput >= THROUGHPUT_LINE && clean(baseline.get, tree.get),
    },
  ];
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The gated table, as the README quotes it. */
export function guardTable(record: Pick<GuardRecord, 'results' | 'settings' | 'baseline'>): string[] {
  return [
    row(['what', `baseline (${record.baseline.commit.slice(0, 7)})`, 'this tree', 'this ÷ baseline', 'line', '']),
    row(['---', '---:', '---:', '---:', '---', '---']),
    ...guardVerdicts(record).map((v) => row([v.what, v.baseline, v.tree, `${v.ratio.toFixed(2)}×`, v.line, v.met ? 'met' : '**missed**'])),
  ];
}

/** Each side against the contract's minimum and bare fastify: information, never a verdict. */
export function besideTable({ results }: Pick<GuardRecord, 'results'>): string[] {
  const { baseline, tree, minimum, ceiling } = results;
  const ofMinimum = (side: GuardSide) => `${(side.post.cpuUsPerRequest / minimum.cpuUsPerRequest).toFixed(2)}×`;
  const ofCeiling = (side: GuardSide) => `${((side.get.rps / ceiling.rps) * 100).toFixed(1)}%`;
  return [
    row(['beside them (not gated)', 'baseline', 'this tree']),
    row(['---', '---:', '---:']),
    row([`POST /orders ÷ the contract's minimum (CPU per order; the minimum's: ${us(minimum)})`, ofMinimum(baseline), ofMinimum(tree)]),
    row([
      `GET /dishes/{id} ÷ bare fastify (requests per second; bare fastify's: ${perSecond(ceiling)})`,
      ofCeiling(baseline),
      ofCeiling(tree),
    ]),
  ];
}

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
    `- ${settings.rounds} round(s), the two servers alternating (each run a fresh process, on the same ` +
      `${settings.orders.toLocaleString('en-US')} stored orders): POST /orders CPU per order from /proc around ` +
      `${settings.postOrders.toLocaleString('en-US')} orders after ${settings.postWarmup.toLocaleString('en-US')} ` +
      `thrown away; GET /dishes/{id} for ${settings.duration} s after ${settings.warmup} s thrown away. Whole run: ` +
      `${Math.round(record.durationSeconds)} s.`,
    '',
    ...guardTable(record),
    '',
    ...besideTable(record),
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
