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
