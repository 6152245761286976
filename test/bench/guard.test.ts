// `npm run bench:guard`: the two order-path guards measured alone, judged on their own figures.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { BENCH_DIR, loadOptions } from '../../bench/lib/options.js';
import { guardVerdicts } from '../../bench/lib/targets.js';
import type { EndpointReport } from '../../bench/suites/http.js';
import type { OrdersReport } from '../../bench/suites/orders.js';

const endpoint = (ofCeiling: number) => ({ endpoint: 'GET /dishes/{id}', ofCeiling, ofCeilingByCpu: ofCeiling }) as EndpointReport;
const orders = (ofMinimum: number) =>
  ({
    concurrency: 16,
    sockets: 0,
    ofMinimum,
    ofFloor: 1.8,
    ours: { cpuUsPerRequest: 405 },
    minimum: { cpuUsPerRequest: 337 },
  }) as unknown as OrdersReport;

describe('the order-path guard', () => {
  it('measures only GET /dishes/{id} and POST /orders at c=16 without screens, into the scratch space', () => {
    const options = loadOptions({ BENCH_GUARD: '1' });
    expect(options).toMatchObject({
      guard: true,
      suites: ['http', 'orders'],
      endpoints: ['GET /dishes/{id}'],
      postConcurrency: [16],
      postSockets: [0],
      orders: 10_000,
    });
    expect(options.outDir).toBe(path.join(BENCH_DIR, '.work', 'guard'));
    expect(loadOptions({ BENCH_GUARD: '1', BENCH_ROUNDS: '4', BENCH_POST_SOCKETS: '0,50' })).toMatchObject({
      rounds: 4,
      postSockets: [0, 50],
    });
    expect(loadOptions({}).guard).toBe(false);
  });

  it('passes at ≤ 1.3× the minimum and ≥ 60% of the ceiling, and fails above or below', () => {
    expect(guardVerdicts({ http: [endpoint(0.61)], orders: [orders(1.2)] })).toEqual([
      { target: 'GET /dishes/{id} ≥ 60% of its ceiling', measured: '61% (by CPU time: 61%)', met: true },
      {
        target: "POST /orders ≤ 1.3× the contract's minimum in CPU per order, no sockets (c=16)",
        measured: '1.2× (405 µs vs 337 µs; 1.8× the floor)',
        met: true,
      },
    ]);
    expect(guardVerdicts({ http: [endpoint(0.59)], orders: [orders(1.31)] }).map((verdict) => verdict.met)).toEqual([false, false]);
    expect(guardVerdicts({ http: [], orders: [] }).map((verdict) => verdict.met)).toEqual([null, null]);
  });
});
