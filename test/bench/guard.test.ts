// `npm run bench:guard`: the working tree against the baseline commit in bench/guard-baseline, judged
// by ratios to the baseline's figures from the same run; the contract's minimum and bare fastify
// are shown beside them, never judged.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baselineCommit } from '../../bench/lib/baseline.js';
import { besideTable, guardTable, guardVerdicts, type GuardRecord, type Pair } from '../../bench/lib/guard-report.js';
import type { LoadResult } from '../../bench/lib/load.js';
import { loadOptions } from '../../bench/lib/options.js';

const run = (cpuUsPerRequest: number, rps: number, flaws = 0) =>
  ({ cpuUsPerRequest, rps, non2xx: flaws, errors: 0, timeouts: 0 }) as LoadResult;
const settings = {
  rounds: 3,
  slices: 5,
  orders: 10_000,
  postOrders: 5_000,
  postWarmup: 15_000,
  postConcurrency: 16,
  connections: 50,
  duration: 10,
  warmup: 3,
};
/** Pairs of slices: [baseline, tree] each. */
const pairs = (...given: [number, number][]) => given.map(([baseline, tree]) => ({ baseline, tree }));
const record = (
  post: Pair[],
  get: Pair[],
  flaws = { post: 0, get: 0 },
): Pick<GuardRecord, 'results' | 'settings' | 'baseline' | 'pairs'> => ({
  settings,
  baseline: { commit: '9a29b0aef12408e9532299de2fdf9482f54a2593', subject: 'the baseline' },
  results: {
    baseline: { post: run(500, 0), get: run(0, 20_000) },
    tree: { post: run(600, 0, flaws.post), get: run(0, 21_000, flaws.get) },
    minimum: run(300, 0),
    ceiling: run(0, 40_000),
  },
  pairs: { post, get },
});
let scratch: string | undefined;
afterEach(() => scratch && rmSync(scratch, { recursive: true, force: true }));

describe('the guard against our own baseline', () => {
  it('passes at ≤ 1.10× the baseline CPU per order and ≥ 0.95× its throughput, and fails past either line', () => {
    const met = record(pairs([500, 550], [400, 420], [600, 700]), pairs([20_000, 19_000], [10_000, 9_600], [30_000, 30_000]));
    expect(guardVerdicts(met)).toEqual([
      {
        what: 'POST /orders, CPU per order (16 at once, no screens)',
        baseline: '500 µs',
        tree: '550 µs',
        ratio: 1.1,
        spread: '1.05×–1.17× (3 pairs)',
        line: '≤ 1.10×',
        met: true,
      },
      {
        what: 'GET /dishes/{id}, requests per second (50 connections)',
        baseline: '20,000/s',
        tree: '19,000/s',
        ratio: 0.96,
        spread: '0.95×–1.00× (3 pairs)',
        line: '≥ 0.95×',
        met: true,
      },
    ]);
    const missed = record(pairs([500, 556], [400, 420], [600, 700]), pairs([20_000, 18_980], [10_000, 9_600], [30_000, 28_000]));
    expect(guardVerdicts(missed).map((verdict) => [verdict.ratio, verdict.met])).toEqual([
      [1.112, false],
      [0.949, false],
    ]);
  });

  it('judges the median pair, so that one slice the host slowed on either side decides nothing', () => {
    // Pooled, the tree's CPU would be 1.42× the baseline's (one slice of the tree at 3×); and the
    // baseline's reads one slice at a third would make the pooled ratio 1.5×.
    const swings = record(
      pairs([500, 510], [500, 1_500], [500, 505], [500, 495], [500, 520]),
      pairs([20_000, 19_800], [6_000, 18_000], [20_000, 17_000], [20_000, 16_000], [20_000, 17_800]),
    );
    expect(guardVerdicts(swings).map((verdict) => [verdict.ratio, verdict.met])).toEqual([
      [1.02, true],
      [0.89, false],
    ]);
  });

  it('never passes a run with failed requests, however fast', () => {
    const fast = record(pairs([500, 400]), pairs([20_000, 30_000]), { post: 3, get: 1 });
    expect(guardVerdicts(fast).map((verdict) => verdict.met)).toEqual([false, false]);
  });

  it('prints the gated table, and the ratios to the minimum and to bare fastify beside it', () => {
    const given = record(pairs([500, 600], [510, 590]), pairs([20_000, 21_000], [20_000, 20_000]));
    expect(guardTable(given)).toEqual([
      '| what | baseline (9a29b0a) | this tree | this ÷ baseline | middle half of the pairs | line |  |',
      '| --- | ---: | ---: | ---: | ---: | --- | --- |',
      '| POST /orders, CPU per order (16 at once, no screens) | 510 µs | 600 µs | 1.20× | 1.16×–1.20× (2 pairs) | ≤ 1.10× | **missed** |',
      '| GET /dishes/{id}, requests per second (50 connections) | 20,000/s | 21,000/s | 1.05× | 1.00×–1.05× (2 pairs) | ≥ 0.95× | met |',
    ]);
    expect(besideTable(given)).toEqual([
      '| beside them (not gated) | baseline | this tree |',
      '| --- | ---: | ---: |',
      "| POST /orders ÷ the contract's minimum (CPU per order; the minimum's: 300 µs) | 1.67× | 2.00× |",
      "| GET /dishes/{id} ÷ bare fastify (requests per second; bare fastify's: 40,000/s) | 50.0% | 52.5% |",
    ]);
  });

  it('reads the baseline commit from its file, skipping comments, and says plainly when it names none', () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'pos-guard-'));
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const file = path.join(scratch, 'guard-baseline');
    writeFileSync(file, `# the commit the guard compares with\n${head.slice(0, 12)} the last release\n`);
    expect(baselineCommit(file)).toBe(head);
    writeFileSync(file, '# nothing yet\n');
    expect(() => baselineCommit(file)).toThrow(`${file} names no commit: write the baseline's commit id on its first line`);
    writeFileSync(file, 'not-a-commit\n');
    expect(() => baselineCommit(file)).toThrow(
      `${file} names not-a-commit, which is not a commit of this repository (a shallow clone? fetch it first)`,
    );
  });

  it('measures POST /orders at c=16 without screens and three rounds on 10,000 orders unless told otherwise', () => {
    expect(loadOptions({ BENCH_GUARD: '1' })).toMatchObject({
      guard: true,
      postConcurrency: [16],
      postSockets: [0],
      orders: 10_000,
      rounds: 3,
      guardSlices: 5,
    });
    expect(loadOptions({ BENCH_GUARD: '1', BENCH_ROUNDS: '1', BENCH_POST_ORDERS: '500' })).toMatchObject({ rounds: 1, postOrders: 500 });
    expect(loadOptions({}).guard).toBe(false);
  });
});
