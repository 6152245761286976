// The benchmark harness works end to end on tiny data: it seeds, runs the servers it compares, loads
// them, connects screens, grows a second data set and writes its report. No timing is asserted
// (benchmarks are run with `npm run bench`, never as tests); only that the pieces work. Most of its
// time is starting servers (ours, from the tests' build, takes over a second of CPU), so it starts as
// few as each piece needs, and autocannon samples every 25 ms so that a short run ends when it is done.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { signIn, type Tokens } from '../../bench/lib/api.js';
import { Dataset } from '../../bench/lib/dataset.js';
import { describeMachine, loadAverage } from '../../bench/lib/machine.js';
import { loadOptions, RUN_DIR } from '../../bench/lib/options.js';
import { markdown } from '../../bench/lib/report.js';
import { POS_SETTINGS, startContractMinimum, startFloorServer, startPos } from '../../bench/lib/servers.js';
import { round } from '../../bench/lib/stats.js';
import { verdicts, type Results } from '../../bench/lib/targets.js';
import { growthSuite } from '../../bench/suites/growth.js';
import { compare, endpoints, startComparators } from '../../bench/suites/http.js';
import { ordersSuite } from '../../bench/suites/orders.js';
import { orderLatency, roomFanOut } from '../../bench/suites/realtime.js';
import { compiled } from '../helpers/node-process.js';

const tiny = { connections: 2, duration: 0.1, warmup: 0, rounds: 1, sampleMs: 25 };
/**
 * Each server's first, slowest requests (code not yet compiled) go to a short warm-up, so the
 * measured run counts answers even on a machine busy with other work (a 0.3 s run with no warm-up
 * once counted none there).
 */
const reads = { ...tiny, duration: 0.4, warmup: 0.2 };
const quiet = () => {};
/** Ours: server/main.ts as the tests build it (npm run bench measures the tsc build). */
const SERVER = compiled('server/main.ts');

afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

describe('benchmark harness', () => {
  it(
    'measures ours, the ceiling and json-server, the floor, realtime delivery and growth, and reports them',
    { timeout: 180_000 },
    async () => {
      // Growth has its own data directory: it runs meanwhile (no timing is asserted), so the test stays
      // short; so does the start of the floor server, which needs no data.
      const growing = growthSuite([10, 30], tiny, quiet, { server: { entry: SERVER } });
      growing.catch(() => {});
      const floorStarting = startFloorServer({ id: 'smoke' });
      floorStarting.catch(() => {});
      // Stopped after the orders run, or here when an earlier piece failed.
      onTestFinished(async () => (await floorStarting.catch(() => undefined))?.stop());
      const dataset = await Dataset.create('smoke');
      await dataset.growTo(20);
      expect(dataset.kitchen.dishes).toHaveLength(40);
      expect(dataset.kitchen.ingredients).toHaveLength(120);

      const results: Results = { http: [], orders: [], realtime: [], fanOut: null, growth: [] };
      // The POST runs get a copy of the data (the same menu, users and token secret), taken once a
      // server has signed in on the original, and run while the reads and the screens are measured
      // there: the tokens signed in serve both.
      let signedIn!: { resolve: (ready: { tokens: Tokens; ordering: Dataset }) => void; reject: (error: unknown) => void };
      const ready = new Promise<{ tokens: Tokens; ordering: Dataset }>((resolve, reject) => (signedIn = { resolve, reject }));
      ready.catch(() => {});

      // bench/run.ts starts a fresh server of ours for every measured round; here one serves the
      // set-up, the measured reads and the screens (a round's server is stopped when it ends: this one
      // is stopped once, after the screens).
      const readsAndScreens = async () => {
        const ours = await startPos(dataset.dir, 'smoke', { entry: SERVER });
        try {
          const tokens = await signIn(ours.url);
          signedIn.resolve({ tokens, ordering: await dataset.copy('smoke-orders') });
          const comparators = await startComparators(ours, dataset.kitchen, tokens);
          try {
            // One endpoint keeps the test short: every endpoint goes through the same code.
            const [list] = endpoints(dataset.kitchen, tokens);
            results.http = await compare(async () => ({ ...ours, stop: async () => {} }), comparators, [list!], reads, quiet);
          } finally {
            await comparators.stop();
          }
          results.realtime = [await orderLatency(ours, dataset.kitchen, tokens, 5, 2)];
          results.fanOut = await roomFanOut(ours, dataset.kitchen, tokens, 3, 1);
        } catch (error) {
          signedIn.reject(error);
          throw error;
        } finally {
          await ours.stop();
          dataset.remove();
        }
      };

      // Orders each POST run left open: the re-warm's and the measured ones (the warm-up's were cancelled before).
      const finished: number[] = [];
      const posts = async () => {
        const { tokens, ordering } = await ready;
        const floor = await floorStarting;
        try {
          const startOurs = (label: string) => startPos(ordering.dir, label, { entry: SERVER });
          // One run, without screens: its verdict is the guard's (the screens connect in the realtime
          // pieces; a run with them is the same code, one more server start).
          const settings = {
            rounds: 1,
            orders: 12,
            warmup: 2,
            rewarm: 3,
            concurrency: [2],
            sockets: [0],
            group: 4,
            idempotency: true,
            sampleMs: tiny.sampleMs,
          };
          const finishPlacedSince = async (since: Date) => finished.push(await ordering.finishPlacedSince(since));
          const startMinimum = (dataCopy: string) =>
            startContractMinimum(dataCopy, path.join(ordering.dir, 'jwt-secret'), ordering.kitchen.patronId);
          results.orders = await ordersSuite(
            { dataDir: ordering.dir, kitchen: ordering.kitchen, tokens, startOurs, floor, startMinimum, finishPlacedSince },
            settings,
            quiet,
          );
        } finally {
          await floor.stop();
          ordering.remove();
        }
      };
      await Promise.all([readsAndScreens(), posts()]);
      results.growth = await growing;

      for (const report of results.http) {
        for (const run of [report.ours, report.ceiling, report.peer].filter((r) => r !== undefined)) {
          expect({ endpoint: report.endpoint, failed: run.non2xx + run.errors + run.timeouts }).toEqual({
            endpoint: report.endpoint,
            failed: 0,
          });
          expect(run.requests).toBeGreaterThan(0);
        }
      }
      expect(results.http.map((report) => report.peer !== undefined)).toEqual([true]);
      expect(results.orders.map(({ concurrency, sockets }) => [concurrency, sockets])).toEqual([[2, 0]]);
      expect(finished).toEqual([15]);
      for (const report of results.orders) {
        for (const run of [report.ours, report.http, report.minimum])
          expect({ failed: run.non2xx + run.errors + run.timeouts, created: run.statusCodes['201'] }).toEqual({
            failed: 0,
            created: run.requests,
          });
        expect(report.ofMinimum).toBe(round(report.ours.cpuUsPerRequest / report.minimum.cpuUsPerRequest));
        expect(report.sql.perOrderCommitUs).toBeGreaterThan(0);
        expect(report.sql.groupCommitUs).toBeGreaterThan(0);
        expect(report.floorUs).toBe(report.http.cpuUsPerRequest + report.sql.groupCommitUs);
      }
      expect(results.realtime[0]).toMatchObject({ sockets: 5, missed: 0 });
      expect(results.realtime[0]?.afterResponseMs.samples).toBeGreaterThan(0);
      expect(results.fanOut).toMatchObject({ sockets: 3, missed: 0 });
      expect(results.growth.map((point) => point.orders)).toEqual([10, 30]);
      for (const point of results.growth) {
        expect(point.lists.map(({ name, result }) => ({ name, failed: result.non2xx + result.errors + result.timeouts }))).toEqual(
          point.lists.map(({ name }) => ({ name, failed: 0 })),
        );
        expect(point.lists).toHaveLength(8);
        expect(point.loaded.rssMB).toBeGreaterThan(0);
        expect(point.breakdown?.collected).toMatchObject({ heapUsed: expect.any(Number), heapTotal: expect.any(Number) });
      }

      const memory = { rssMB: 1, peakMB: 1 };
      const { outDir: _outDir, ...options } = loadOptions({});
      const text = markdown({
        machine: describeMachine(),
        loadAverage: { start: loadAverage(), end: loadAverage() },
        speedIndexMs: { start: 1, end: 1 },
        quietWait: { waited: false, quiet: null, waitedSeconds: 0 },
        options,
        serverSettings: { ...POS_SETTINGS },
        durationSeconds: 1,
        memory: { httpIdle: memory, realtimeAfter: null },
        results,
      });
      expect(text).toContain('## Targets');
      expect(text).toContain('## POST /orders against its floor');
      // Five fixed targets, one per list measured at every size, and memory (POST /orders and
      // GET /dishes/{id} are guarded against the baseline instead: bench/guard.ts).
      expect(verdicts(results)).toHaveLength(5 + 8 + 1);
      expect(
        verdicts(results)
          .filter((verdict) => verdict.met === null)
          .map((verdict) => verdict.target),
      ).toEqual([
        'station list (GET /orders, Received) ≥ 40% of its ceiling',
        'GET /dishes/{id} ≥ 2× json-server',
        'realtime p99 < 20 ms at 1000 sockets',
      ]);
    },
  );
});
