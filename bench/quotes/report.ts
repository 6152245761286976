// Many seeded services pooled: the error of every quote in a phase over all seeds, its spread from
// seed to seed, and where the rush's error comes from (minutes into the rush, station, queue depth).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, simulate, type Outcome, type SimulationOptions, type StationOutcome } from './simulation.js';

export interface Seeded extends Outcome {
  seed: number;
  service: string;
}

/**
 * The services each seed replays one after the other, a day apart, on one embedded store, so the
 * pace learned in one is where the next starts: an ordinary night, one where a third of the tickets
 * are bumped with one tap when done, and one where the hot line loses a cook mid-rush.
 */
export const SERVICES: { name: string; change: Partial<SimulationOptions> }[] = [
  { name: 'first night', change: {} },
  { name: 'one-tap bumps', change: { oneTap: 1 / 3 } },
  { name: 'hot loses a cook', change: { cookLost: { station: 'hot', intoRush: 20 } } },
];

/** Runs the services of each seed (one seed after the other: each on its own embedded store). */
export async function simulateSeeds(options: SimulationOptions, seeds: readonly number[]): Promise<Seeded[]> {
  const pooled: Seeded[] = [];
  for (const seed of seeds) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-quotes-sim-'));
    try {
      for (const [day, service] of SERVICES.entries())
        for (const outcome of await simulate({ ...options, ...service.change, seed: seed * 100 + day, dataDir, day }))
          pooled.push({ ...outcome, seed, service: service.name });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return pooled;
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export interface ErrorRow {
  label: string;
  count: number;
  median: number | null;
  p90: number | null;
  /** Mean signed error: positive when ready later than quoted. */
  bias: number | null;
}

export function errorRow(label: string, errors: readonly number[]): ErrorRow {
  const bias = errors.length === 0 ? null : errors.reduce((sum, error) => sum + error, 0) / errors.length;
  return { label, count: errors.length, median: round(percentile(errors, 0.5)), p90: round(percentile(errors, 0.9)), bias: round(bias) };
}

export interface PhaseRow {
  phase: string;
  orders: number;
  quote: ErrorRow;
  naive: ErrorRow;
  /** The median and p90 of each seed alone: their lowest, median and highest over the seeds. */
  spread: { median: [number, number, number]; p90: [number, number, number] };
}

const span = (values: number[]): [number, number, number] => {
  const sorted = [...values].sort((a, b) => a - b);
  return [round(sorted[0]!)!, round(sorted[Math.floor((sorted.length - 1) / 2)]!)!, round(sorted.at(-1)!)!];
};

export function phaseRows(pooled: readonly Seeded[], phases: readonly string[], seeds: readonly number[]): PhaseRow[] {
  return [...phases, 'all'].map((phase) => {
    const of = pooled.filter((outcome) => phase === 'all' || outcome.phase === phase);
    const perSeed = seeds
      .map((seed) => of.filter((outcome) => outcome.seed === seed).map((outcome) => outcome.quoteError))
      .filter((errors) => errors.length > 0);
    return {
      phase,
      orders: of.length,
      quote: errorRow(
        phase,
        of.map((outcome) => outcome.quoteError),
      ),
      naive: errorRow(
        phase,
        of.map((outcome) => outcome.naiveError),
      ),
      spread: {
        median: span(perSeed.map((errors) => percentile(errors, 0.5)!)),
        p90: span(perSeed.map((errors) => percentile(errors, 0.9)!)),
      },
    };
  });
}

/** Where the rush's error comes from: its orders by minutes into it, and its station tickets by station, queue depth and pace. */
export function rushBreakdown(pooled: readonly Seeded[], rush: { from: number; to: number }): Record<string, ErrorRow[]> {
  const orders = pooled.filter((outcome) => outcome.minute >= rush.from && outcome.minute < rush.to);
  const tickets = orders.flatMap((outcome) => outcome.stations);
  const ticketRow = (label: string, keep: (ticket: StationOutcome) => boolean) =>
    errorRow(
      label,
      tickets.filter(keep).map((ticket) => ticket.error),
    );
  const slices: [number, number][] = [];
  for (let from = rush.from; from < rush.to; from += 15) slices.push([from, Math.min(rush.to, from + 15)]);
  const depths: [number, number][] = [
    [0, 3],
    [3, 6],
    [6, 9],
    [9, 12],
    [12, Infinity],
  ];
  return {
    minutes: slices.map(([from, to]) =>
      errorRow(
        `${from - rush.from}–${to - rush.from}`,
        orders.filter((o) => o.minute >= from && o.minute < to).map((o) => o.quoteError),
      ),
    ),
    stations: [...new Set(tickets.map((ticket) => ticket.station))].map((station) =>
      ticketRow(station, (ticket) => ticket.station === station),
    ),
    hotDepth: depths.map(([from, to]) =>
      ticketRow(
        to === Infinity ? `${from}+` : `${from}–${to - 1}`,
        (ticket) => ticket.station === 'hot' && ticket.ahead >= from && ticket.ahead < to,
      ),
    ),
    hotPace: [
      ticketRow('learned', (ticket) => ticket.station === 'hot' && ticket.learned),
      ticketRow('preparation_time (fewer than 5 readied)', (ticket) => ticket.station === 'hot' && !ticket.learned),
    ],
    hotWait: [
      errorRow(
        'wait (real start − quoted start)',
        tickets.filter((ticket) => ticket.station === 'hot').map((ticket) => ticket.startError),
      ),
    ],
  };
}

/** The share of orders placed `together` (a salad, a main and a drink) in the pass-wait runs. */
export const TOGETHER_SHARE = 1 / 3;

export interface PassWaitRow {
  phase: string;
  /** `together` orders readied in the phase. */
  orders: number;
  median: number | null;
  p90: number | null;
  /** The same orders' floor: the spread of their tickets' own cooking times (Outcome.passWaitFloor). */
  floor: { median: number | null; p90: number | null };
}

/** Per phase: the pass wait of every `together` order (minutes from its first station Ready to its last). */
export function passWaitRows(pooled: readonly Seeded[], phases: readonly string[]): PassWaitRow[] {
  return [...phases, 'all'].map((phase) => {
    const together = pooled.filter((outcome) => outcome.passWait !== null && (phase === 'all' || outcome.phase === phase));
    const waits = together.map((outcome) => outcome.passWait!);
    const floors = together.map((outcome) => outcome.passWaitFloor!);
    return {
      phase,
      orders: waits.length,
      median: round(percentile(waits, 0.5)),
      p90: round(percentile(waits, 0.9)),
      floor: { median: round(percentile(floors, 0.5)), p90: round(percentile(floors, 0.9)) },
    };
  });
}
