// npm run bench:quotes: the quote simulation (bench/quotes/simulation.ts) over many seeded 3-hour
// services with a rush, pooled (bench/quotes/report.ts), and the cost of a quote beside the size of
// the queue. Results: bench/results/quotes.*
import { writeFileSync } from 'node:fs';
import { quoteCost } from './quotes/cost.js';
import { retimeCost } from './quotes/retime-cost.js';
import { withKnownPace } from './quotes/known-pace.js';
import { passWaitRows, phaseRows, rushBreakdown, SERVICES, simulateSeeds, TOGETHER_SHARE, type ErrorRow } from './quotes/report.js';
import { SERVICE } from './quotes/simulation.js';

/** 30 services, each its own seed (arrivals, dishes, cooking times). QUOTES_SEEDS=n runs fewer or more. */
const seeds = Array.from({ length: Number(process.env.QUOTES_SEEDS ?? 30) }, (_, index) => index + 1);
const started = Date.now();
const pooled = await simulateSeeds(SERVICE, seeds);
const phases = phaseRows(
  pooled,
  SERVICE.phases.map((phase) => phase.name),
  seeds,
);
const rushPhase = SERVICE.phases.find((phase) => phase.name === 'rush')!;
const breakdown = rushBreakdown(pooled, rushPhase);
const knownPooled = await withKnownPace(SERVICE, () => simulateSeeds(SERVICE, seeds));
const known = phaseRows(
  knownPooled,
  SERVICE.phases.map((phase) => phase.name),
  seeds,
);
// Per service (the pace carried from one to the next), each phase against the known-pace reference:
// the median within 0.5 minute of it and the p90 within 10 %.
const names = SERVICE.phases.map((phase) => phase.name);
const perService = SERVICES.flatMap(({ name }) => {
  const live = phaseRows(
    pooled.filter((outcome) => outcome.service === name),
    names,
    seeds,
  );
  const reference = phaseRows(
    knownPooled.filter((outcome) => outcome.service === name),
    names,
    seeds,
  );
  return live.map((row, index) => {
    const ref = reference[index]!;
    const target =
      row.quote.median !== null &&
      ref.quote.median !== null &&
      row.quote.p90 !== null &&
      ref.quote.p90 !== null &&
      row.quote.median <= ref.quote.median + 0.5 &&
      row.quote.p90 <= ref.quote.p90 * 1.1;
    return { service: name, phase: row.phase, orders: row.orders, live: row.quote, known: ref.quote, within_target: target };
  });
});
// The pass wait: the same services with a third of the orders `together`, fired by the menu's
// minutes (the naive baseline, in this bench only) and by the server's queue-aware fire times.
const passWait = {} as Record<'menu-minutes' | 'queue-aware', ReturnType<typeof passWaitRows>>;
// The queue-aware rush per service: where the wait beyond the floor comes from.
let passWaitByService: { service: string; row: ReturnType<typeof passWaitRows>[number] }[] = [];
for (const fire of ['menu-minutes', 'queue-aware'] as const) {
  const together = await simulateSeeds({ ...SERVICE, together: { share: TOGETHER_SHARE, fire } }, seeds);
  passWait[fire] = passWaitRows(together, names);
  if (fire === 'queue-aware')
    passWaitByService = SERVICES.map(({ name }) => ({
      service: name,
      row: passWaitRows(
        together.filter((outcome) => outcome.service === name),
        names,
      ).find((row) => row.phase === 'rush')!,
    }));
}
const simulatedSeconds = (Date.now() - started) / 1000;
const cost = [10, 100, 1_000, 10_000].map((queued) => quoteCost(queued));
const retime = [];
for (const held of [10, 100, 1_000, 5_000, 10_000]) retime.push(await retimeCost(held));
const seconds = (Date.now() - started) / 1000;

const result = {
  at: new Date().toISOString(),
  service: { ...SERVICE, seed: undefined },
  seeds,
  phases,
  rush_breakdown: breakdown,
  known_pace: known,
  per_service: perService,
  pass_wait: { together_share: TOGETHER_SHARE, ...passWait, rush_by_service: passWaitByService },
  cost,
  retime_cost: retime,
  wall_seconds: seconds,
};
writeFileSync(new URL('./results/quotes.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);

const cell = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const triple = ([low, middle, high]: [number, number, number]) => `${low.toFixed(1)} / ${middle.toFixed(1)} / ${high.toFixed(1)}`;
const table = (title: string, rows: ErrorRow[]) => [
  `| ${title} | count | median | p90 | mean signed |`,
  '|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.label} | ${row.count} | ${cell(row.median)} | ${cell(row.p90)} | ${cell(row.bias)} |`),
  '',
];
const lines = [
  '# Ready-time quotes: simulated services',
  '',
  `Run ${result.at}: ${seeds.length} seeds (${seeds[0]}–${seeds.at(-1)}), each ${SERVICES.length} consecutive services ` +
    `(${SERVICES.map((service) => service.name).join(', ')}; the pace carried from one to the next) of ${SERVICE.minutes} ` +
    `simulated minutes each, twice (live, then with the pace known), in ${simulatedSeconds.toFixed(1)} s ` +
    `of wall time (and twice more for the pass wait). Method: docs/quotes.md.`,
  '',
  `Cooks: ${Object.entries(SERVICE.stations)
    .map(([station, { cooks, speed }]) => `${station} ${cooks} at ${speed}× the menu's time`)
    .join(', ')}; ticket times vary ±${SERVICE.noise * 100}% (log-normal).`,
  `Arrivals (Poisson): ` +
    `${SERVICE.phases.map((phase) => `${phase.name} ${phase.from}–${phase.to} min, one order every ${phase.every} min`).join('; ')}. ` +
    `Each order: 1 to 3 dishes drawn from a 7-dish menu.`,
  '',
  "Absolute error in minutes of every order's quote against the moment it really became Ready for Assembly, pooled over all services;",
  "the spread is each service's own median and p90 (lowest / median / highest over the services).",
  '',
  '| phase | orders | quote median | quote p90 | naive median | naive p90 | per-service median | per-service p90 |',
  '|---|---|---|---|---|---|---|---|',
  ...phases.map(
    (row) =>
      `| ${row.phase} | ${row.orders} | ${cell(row.quote.median)} | ${cell(row.quote.p90)} | ` +
      `${cell(row.naive.median)} | ${cell(row.naive.p90)} | ${triple(row.spread.median)} | ` +
      `${triple(row.spread.p90)} |`,
  ),
  '',
  "The same services quoted with each station's pace set to the cooks' true speed and number (a reference no server can reach: it cannot know them):",
  '',
  '| phase | quote median | quote p90 | per-service median | per-service p90 |',
  '|---|---|---|---|---|',
  ...known.map(
    (row) =>
      `| ${row.phase} | ${cell(row.quote.median)} | ${cell(row.quote.p90)} | ${triple(row.spread.median)} | ${triple(row.spread.p90)} |`,
  ),
  '',
  'Each service of a seed (a day apart, the pace carried over) against the known-pace reference of the same service; ' +
    'target: the median within 0.5 min of the reference and the p90 within 10 % of it:',
  '',
  '| service | phase | orders | median | p90 | known median | known p90 | within target |',
  '|---|---|---|---|---|---|---|---|',
  ...perService.map(
    (row) =>
      `| ${row.service} | ${row.phase} | ${row.orders} | ${cell(row.live.median)} | ${cell(row.live.p90)} | ` +
      `${cell(row.known.median)} | ${cell(row.known.p90)} | ${row.within_target ? 'yes' : 'no'} |`,
  ),
  '',
  `The pass wait: the same services with ${Math.round(TOGETHER_SHARE * 100)} % of the orders placed \`together\` ` +
    '(a salad, a main and a drink), twice: fired by the menu-minute rule (each station at due − its menu minutes) and by ' +
    "the server's queue-aware fire times (its queue and learned pace, re-timed as the queues move). Minutes from an order's " +
    'first station Ready to its last; target: p90 ≤ 3 minutes in the rush.',
  '',
  "The floor: the same orders' wait had every ticket started exactly as planned at its station's true speed (the spread of " +
    "the tickets' own cooking times about their means, which no fire time set before they are done removes).",
  '',
  '| phase | together orders | menu-minute median | menu-minute p90 | queue-aware median | queue-aware p90 | floor median | floor p90 |',
  '|---|---|---|---|---|---|---|---|',
  ...passWait['queue-aware'].map((row, index) => {
    const menu = passWait['menu-minutes'][index]!;
    return (
      `| ${row.phase} | ${row.orders} | ${cell(menu.median)} | ${cell(menu.p90)} | ${cell(row.median)} | ${cell(row.p90)} | ` +
      `${cell(row.floor.median)} | ${cell(row.floor.p90)} |`
    );
  }),
  '',
  'The queue-aware rush by service:',
  '',
  '| service | together orders | median | p90 | floor median | floor p90 |',
  '|---|---|---|---|---|---|',
  ...passWaitByService.map(
    ({ service, row }) =>
      `| ${service} | ${row.orders} | ${cell(row.median)} | ${cell(row.p90)} | ${cell(row.floor.median)} | ${cell(row.floor.p90)} |`,
  ),
  '',
  "Where the rush's error comes from (absolute minutes; mean signed: positive when ready later than quoted).",
  '',
  ...table('orders, minutes into the rush', breakdown.minutes!),
  ...table('station tickets, by station', breakdown.stations!),
  ...table('hot tickets, by tickets ahead', breakdown.hotDepth!),
  ...table('hot tickets, by pace', breakdown.hotPace!),
  ...table('hot tickets, the wait alone', breakdown.hotWait!),
  'Cost of one quote plus one re-estimate at a station, by the number of tickets queued there:',
  '',
  '| tickets queued | ns per quote + re-estimate |',
  '|---|---|',
  ...cost.map((row) => `| ${row.queued} | ${row.ns_per_quote} |`),
  '',
  'Cost of one re-estimate pass (it re-times held tickets) by the number of open `together` orders holding a salad and a drink ' +
    'while their steak cooks, the clock moved 10 minutes before each of 9 passes (the median pass, in milliseconds of the ' +
    "process's CPU time: the machine is shared and busy, so the ratios between sizes matter, not the figures; embedded store):",
  '',
  '| orders holding tickets | ms computing | ms writing | orders written | of them re-timed |',
  '|---|---|---|---|---|',
  ...retime.map((row) => `| ${row.held_orders} | ${row.ms_compute} | ${row.ms_write} | ${row.writes} | ${row.retimed} |`),
  '',
];
writeFileSync(new URL('./results/quotes.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
