// HTTP load with autocannon: a warm-up that is thrown away, then the measured run.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Request, type Result } from 'autocannon';
import type { ServerProcess } from './processes.js';
import { round } from './stats.js';

export interface Target {
  /** Cycled through by every connection (e.g. one request per dish id). */
  requests: Request[];
}

export interface LoadSettings {
  connections: number;
  /** Seconds measured (a fraction with a shorter `sampleMs`), after `warmup` seconds thrown away. */
  duration: number;
  warmup: number;
  /**
   * autocannon's sample interval in ms (default 1000, as every benchmark runs). A run ends at the
   * first sample after its last request, so the smoke test's runs of a few requests sample faster
   * rather than each lasting a second.
   */
  sampleMs?: number;
}

const SAMPLE_MS = 1000;

export interface LoadResult {
  /** Mean requests per second over the per-second samples. */
  rps: number;
  requests: number;
  /**
   * The server's own CPU time (user + system) per request during the measured run, in µs: far
   * steadier than requests per second when other work shares the machine.
   */
  cpuUsPerRequest: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Anything but 2xx, errors and timeouts: a valid run has none. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function summary(result: Result, cpuMs: number, sampleMs: number): LoadResult {
  const { latency, requests } = result;
  return {
    // autocannon's request samples count the requests of one sample interval each.
    rps: round((requests.average * 1000) / sampleMs, 0),
    requests: requests.total,
    cpuUsPerRequest: round((cpuMs * 1000) / Math.max(1, requests.total), 0),
    latencyMs: { mean: round(latency.average), p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
}

/**
 * Waits (at most 10 s) until the server has used at most one clock tick (10 ms) of CPU in 150 ms.
 * When the load generator stops, the server still works through the requests it had received; for a costly
 * endpoint that is seconds of work, which would otherwise be counted against the next run.
 */
export async function settle(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = server.cpuMs();
  while (Date.now() < deadline) {
    await sleep(150);
    const now = server.cpuMs();
    if (now - last <= 10) return;
    last = now;
  }
}

/** Loads `server` (whose CPU time is read around the measured run) through `target`. */
export async function load(
  server: ServerProcess,
  target: Target,
  { connections, duration, warmup, sampleMs = SAMPLE_MS }: LoadSettings,
): Promise<LoadResult> {
  const options = { url: server.url, connections, requests: target.requests, pipelining: 1, timeout: 10, sampleInt: sampleMs };
  await settle(server);
  if (warmup > 0) {
    await autocannon({ ...options, duration: warmup });
    await settle(server);
  }
  const cpuBefore = server.cpuMs();
  const result = await autocannon({ ...options, duration });
  return summary(result, server.cpuMs() - cpuBefore, sampleMs);
}

export interface CountSettings {
  connections: number;
  /** Requests measured, after `warmup` requests that are thrown away. */
  count: number;
  warmup: number;
  /** Runs after the warm-up, before the measured run (e.g. clearing what the warm-up left). */
  afterWarmup?: () => Promise<unknown>;
  /**
   * Requests thrown away after `afterWarmup`: the other requests it makes leave V8 compiling the
   * measured route's code again, which the measured run would otherwise pay for.
   */
  rewarm?: number;
  /** autocannon's sample interval (see LoadSettings). */
  sampleMs?: number;
  /** Run just before and just after the measured requests, outside the CPU read around them (a profiler attached: bench/tools/load-profile.ts). */
  beforeMeasured?: () => Promise<unknown>;
  afterMeasured?: () => Promise<unknown>;
}

/** Throws away `warmup` requests, runs `afterWarmup`, then throws away `rewarm` more (see CountSettings). */
export async function warmUp(
  server: ServerProcess,
  target: Target,
  { connections, warmup, afterWarmup, rewarm = 0, sampleMs = SAMPLE_MS }: Omit<CountSettings, 'count'>,
): Promise<void> {
  const options = { url: server.url, connections, requests: target.requests, pipelining: 1, timeout: 10, sampleInt: sampleMs };
  await settle(server);
  if (warmup > 0) await autocannon({ ...options, amount: warmup });
  await afterWarmup?.();
  if (rewarm > 0) await autocannon({ ...options, amount: rewarm });
}

/**
 * Loads `server` with a fixed number of requests: CPU per request is then read around the same
 * work on every server compared, and requests per second is the count over the time it took.
 */
export async function loadCount(
  server: ServerProcess,
  target: Target,
  { connections, count, warmup, afterWarmup, rewarm = 0, sampleMs = SAMPLE_MS, beforeMeasured, afterMeasured }: CountSettings,
): Promise<LoadResult> {
  const options = { url: server.url, connections, requests: target.requests, pipelining: 1, timeout: 10, sampleInt: sampleMs };
  await warmUp(server, target, { connections, warmup, afterWarmup, rewarm, sampleMs });
  await settle(server);
  await beforeMeasured?.();
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  const run = autocannon({ ...options, amount: count });
  // autocannon notices the count is reached only at its next one-second tick (its own duration is
  // in whole seconds too): the run ends with its last response.
  let lastResponse = started;
  run.on('response', () => void (lastResponse = performance.now()));
  const result = await run;
  const cpuMs = server.cpuMs() - cpuBefore;
  await afterMeasured?.();
  const seconds = (lastResponse - started) / 1000;
  return { ...summary(result, cpuMs, sampleMs), rps: round(result.requests.total / seconds, 0) };
}

/** The mean of several runs of one target (rates and latencies averaged, counts summed). */
export function combine(runs: LoadResult[]): LoadResult {
  const avg = (value: (run: LoadResult) => number, digits = 2) =>
    round(runs.reduce((sum, run) => sum + value(run), 0) / runs.length, digits);
  const sum = (value: (run: LoadResult) => number) => runs.reduce((total, run) => total + value(run), 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    rps: avg((run) => run.rps, 0),
    requests: sum((run) => run.requests),
    cpuUsPerRequest: avg((run) => run.cpuUsPerRequest, 0),
    latencyMs: {
      mean: avg((run) => run.latencyMs.mean),
      p50: avg((run) => run.latencyMs.p50),
      p90: avg((run) => run.latencyMs.p90),
      p99: avg((run) => run.latencyMs.p99),
      max: Math.max(...runs.map((run) => run.latencyMs.max)),
    },
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    statusCodes,
  };
}
