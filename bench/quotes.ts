// npm run bench:quotes: the quote simulation (bench/quotes/simulation.ts) over a 3-hour service
// with a rush, and the cost of a quote beside the size of the queue. Results: bench/results/quotes.*
import { writeFileSync } from 'node:fs';
import { quoteCost } from './quotes/cost.js';
import { SERVICE, simulate, summarize } from './quotes/simulation.js';

const started = Date.now();
const outcomes = await simulate(SERVICE);
const summary = summarize(outcomes, SERVICE.phases.map((phase) => phase.name));
const cost = [10, 100, 1_000, 10_000].map((queued) => quoteCost(queued));
const seconds = (Date.now() - started) / 1000;

const result = { at: new Date().toISOString(), service: SERVICE, summary, cost, wall_seconds: seconds };
writeFileSync(new URL('./results/quotes.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);

const cell = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const lines = [
  '# Ready-time quotes: simulated service',
  '',
  `Run ${result.at} (${seconds.toFixed(1)} s of wall time for ${SERVICE.minutes} simulated minutes). Method: docs/quotes.md.`,
  '',
  `Cooks: ${Object.entries(SERVICE.stations).map(([station, { cooks, speed }]) => `${station} ${cooks} at ${speed}× the menu's time`).join(', ')}; ticket times vary ±${SERVICE.noise * 100}% (log-normal).`,
  `Arrivals (Poisson): ${SERVICE.phases.map((phase) => `${phase.name} ${phase.from}–${phase.to} min, one order every ${phase.every} min`).join('; ')}.`,
  '',
  '| phase | orders | quote median error (min) | quote p90 | naive median | naive p90 |',
  '|---|---|---|---|---|---|',
  ...summary.map((row) => `| ${row.phase} | ${row.orders} | ${cell(row.quote.median)} | ${cell(row.quote.p90)} | ${cell(row.naive.median)} | ${cell(row.naive.p90)} |`),
  '',
  'Cost of one quote plus one re-estimate at a station, by the number of tickets queued there:',
  '',
  '| tickets queued | ns per quote + re-estimate |',
  '|---|---|',
  ...cost.map((row) => `| ${row.queued} | ${row.ns_per_quote} |`),
  '',
];
writeFileSync(new URL('./results/quotes.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
