// The machine a run took place on, and how busy it was: numbers mean little without both.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  date: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}

/**
 * A fixed piece of CPU work (JSON round trips of a dish-sized document), in ms: the guest's load
 * average does not show a busy host, this does. Compare it across runs before comparing figures.
 */
export function speedIndexMs(rounds = 20_000): number {
  const doc = {
    id: '66294b2a4475a41f3e709bc5',
    name: 'Main Course 2: Beef & Rice',
    price: 18.5,
    ingredients: Array.from({ length: 6 }, (_, i) => ({ ingredient_id: `66294b2a4475a41f3e709b${i}0`, is_essential: i < 2 })),
    station: 'hot',
  };
  // The best of five (after a warm-up round): the fastest the machine would do it.
  const times: number[] = [];
  let size = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const started = performance.now();
    for (let i = 0; i < rounds; i++) size += JSON.stringify(JSON.parse(JSON.stringify(doc))).length;
    if (attempt > 0) times.push(performance.now() - started);
  }
  return size > 0 ? Math.round(Math.min(...times)) : Number.NaN;
}

/** The 1-, 5- and 15-minute load averages. */
export function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  return [one, five, fifteen];
}

export interface QuietWait {
  /** True when the load dropped below the threshold; false when the wait ran out. */
  quiet: boolean;
  waitedSeconds: number;
  samples: number[];
}

/**
 * Polls the 1-minute load average until it is below `threshold` or `maxMinutes` have passed.
 * Other people's test suites share the machine: a quiet start makes the numbers comparable.
 */
export async function waitForQuiet(threshold = 1.0, maxMinutes = 25, pollSeconds = 60, log = console.log): Promise<QuietWait> {
  const started = Date.now();
  const deadline = started + maxMinutes * 60_000;
  const samples: number[] = [];
  for (;;) {
    const [one] = loadAverage();
    samples.push(one);
    if (one < threshold) return { quiet: true, waitedSeconds: Math.round((Date.now() - started) / 1000), samples };
    if (Date.now() + pollSeconds * 1000 > deadline) break;
    log(`  load average ${one.toFixed(2)} ≥ ${threshold}; checking again in ${pollSeconds} s`);
    await sleep(pollSeconds * 1000);
  }
  return { quiet: false, waitedSeconds: Math.round((Date.now() - started) / 1000), samples };
}
