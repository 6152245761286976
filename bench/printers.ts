// What a kitchen printer costs an order's request: POST /orders latency (sequential, over HTTP on
// the embedded store) with no printer, with an `always` printer that prints, and with one that
// stalls (accepts the connection and never answers: each attempt waits 10 s before it gives up).
// The jobs are made from the change feed after the order's write (gathered, one write for the
// orders of 25 ms) and printed by a worker, so the stalled printer's figures should match the
// printing one's or better: what both add to the first is making the chits; the printing one's
// also include the CPU its worker spends printing in the same process. The cases take turns, round after round, so a machine whose
// load drifts meanwhile weighs on each alike.
//   npx tsx bench/printers.ts [orders per case per round] [rounds] > bench/results/printers.json
import { startTestApp, type TestApp } from '../test/helpers/app.js';
import { seedMenu } from '../test/helpers/menu.js';
import { TestPrinter, type PrinterBehaviour } from '../test/helpers/test-printer.js';
import { median, round } from './lib/stats.js';

const ORDERS = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.argv[3] ?? 3);
const WARM_UP = 30;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(printerBehaviour: PrinterBehaviour | null): Promise<{ times: number[]; chits: number; waiting: number }> {
  const printer = printerBehaviour ? await TestPrinter.start() : null;
  if (printer && printerBehaviour) await printer.behave(printerBehaviour);
  const t: TestApp = await startTestApp({ listen: true, printTimings: { answerMs: 10_000 } });
  try {
    const menu = await seedMenu(t, 1_000_000);
    if (printer) {
      const settings = {
        printers: [{ name: 'Pass', host: '127.0.0.1', port: printer.port, stations: ['hot', 'cold', 'beverages'], mode: 'always' }],
      };
      await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: settings });
    }
    // The printer's worker is started by the desk's next look (within a second): the printing one is
    // printing and the stalled one is stalled before the first order is timed; no printer waits alike.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const body = JSON.stringify({ name: 'Bench', dish_ids: [menu.steak.id, menu.salad.id], table_number: 4 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.expeditor}` };
    const times: number[] = [];
    for (let n = 0; n < WARM_UP + ORDERS; n++) {
      const start = performance.now();
      const response = await fetch(`${t.url}/orders`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST /orders answered ${response.status}`);
      if (n >= WARM_UP) times.push(performance.now() - start);
    }
    // The last orders' jobs are made a moment after their answers (gathered for one write).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = printer ? (await t.inject({ method: 'GET', url: '/printers', as: 'chef' })).json()[0].jobs_waiting : 0;
    return { times, chits: printer?.chits.length ?? 0, waiting };
  } finally {
    await t.close();
    await printer?.close();
  }
}

const CASES = [null, 'stall', 'ok'] as const;
const runs = new Map<(typeof CASES)[number], { times: number[]; chits: number; waiting: number }[]>(CASES.map((key) => [key, []]));
for (let round = 0; round < ROUNDS; round++) for (const behaviour of CASES) runs.get(behaviour)!.push(await measure(behaviour));
const results = CASES.map((behaviour) => {
  const measured = runs.get(behaviour)!;
  const times = measured.flatMap((run) => run.times).sort((a, b) => a - b);
  return {
    printer: behaviour ?? 'none',
    orders: times.length,
    median_ms: round(median(times), 2),
    p90_ms: round(quantile(times, 0.9), 2),
    p99_ms: round(quantile(times, 0.99), 2),
    chits_printed_meanwhile: measured.reduce((sum, run) => sum + run.chits, 0),
    jobs_waiting_at_ends: measured.reduce((sum, run) => sum + run.waiting, 0),
  };
});
const [load1] = (await import('node:os')).loadavg();
console.log(
  JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, load_average: round(load1!, 1), results }, null, 2),
);
