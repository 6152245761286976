// `npm run bench:guard`: the working tree against the baseline commit in bench/guard-baseline, judged
// by ratios to the baseline's figures from the same run; the contract's minimum and bare fastify
// are shown beside them, never judged.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baselineCommit } from '../../bench/lib/baseline.js';
import { besideTable, guardTable, guardVerdicts, type GuardRecord } from '../../bench/lib/guard-report.js';
import type { LoadResult } from '../../bench/lib/load.js';
import { loadOptions } from '../../bench/lib/options.js';

const run = (cpuUsPerRequest: number, rps: number, flaws = 0) =>
  ({ cpuUsPerRequest, rps, non2xx: flaws, errors: 0, timeouts: 0 }) as LoadResult;
const settings = {
  rounds: 3,
  orders: 10_000,
  postOrders: 5_000,
  postWarmup: 15_000,
  postConcurrency: 16,
  connections: 50,
  duration: 10,
  warmup: 3,
};
const record = (tree: { post: LoadResult; get: LoadResult }): Pick<GuardRecord, 'results' | 'settings' | 'baseline'> => ({
  settings,
  baseline: { commit: '9a29b0aef12408e9532299de2fdf9482f54a2593', subject: 'the baseline' },
  results: { baseline: { post: run(500, 0), get: run(0, 20_000) }, tree, minimum: run(300, 0), ceiling: run(0, 40_000) },
});

let scratch: string | undefined;
afterEach(() => scratch && rmSync(scratch, { recursive: true, force: true }));

describe('the guard against our own baseline', () => {
  it('passes at ≤ 1.10× the baseline CPU per order and ≥ 0.95× its throughput, and fails past either line', () => {
    expect(guardVerdicts(record({ post: run(550, 0), get: run(0, 19_000) }))).toEqual([
      {
        what: 'POST /orders, CPU per order (16 at once, no screens)',
        baseline: '500 µs',
        tree: '550 µs',
        ratio: 1.1,
        line: '≤ 1.10×',
        met: true,
      },
      {
        what: 'GET /dishes/{id}, requests per second (50 connections)',
        baseline: '20,000/s',
        tree: '19,000/s',
        ratio: 0.95,
        line: '≥ 0.95×',
        met: true,
      },
    ]);
    expect(guardVerdicts(record({ post: run(556, 0), get: run(0, 18_980) })).map((verdict) => verdict.met)).toEqual([false, false]);
  });

  it('never passes a run with failed requests, however fast', () => {
    expect(guardVerdicts(record({ post: run(400, 0, 3), get: run(0, 30_000, 1) })).map((verdict) => verdict.met)).toEqual([false, false]);
  });

  it('prints the gated table, and the ratios to the minimum and to bare fastify beside it', () => {
    const given = record({ post: run(600, 0), get: run(0, 21_000) });
    expect(guardTable(given)).toEqual([
      '| what | baseline (9a29b0a) | this tree | this ÷ baseline | line |  |',
      '| --- | ---: | ---: | ---: | --- | --- |',
      '| POST /orders, CPU per order (16 at once, no screens) | 500 µs | 600 µs | 1.20× | ≤ 1.10× | **missed** |',
      '| GET /dishes/{id}, requests per second (50 connections) | 20,000/s | 21,000/s | 1.05× | ≥ 0.95× | met |',
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
    });
    expect(loadOptions({ BENCH_GUARD: '1', BENCH_ROUNDS: '1', BENCH_POST_ORDERS: '500' })).toMatchObject({ rounds: 1, postOrders: 500 });
    expect(loadOptions({}).guard).toBe(false);
  });
});
