// Writes a run's results: bench.json (everything) and bench.md (the summary quoted in the docs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EndpointReport } from '../suites/http.js';
import type { LoadResult } from './load.js';
import type { Machine } from './machine.js';
import type { BenchOptions } from './options.js';
import type { Memory } from './processes.js';
import { GUARD_NOTE } from './guard-report.js';
import { growthTables } from './report-growth.js';
import { verdicts, type Results } from './targets.js';

export interface RunRecord {
  machine: Machine;
  /** 1-, 5- and 15-minute load averages as the measurements started and ended. */
  loadAverage: { start: number[]; end: number[] };
  /** speedIndexMs() at the start and the end: lower is a faster machine. */
  speedIndexMs: { start: number; end: number };
  quietWait: { waited: boolean; quiet: boolean | null; waitedSeconds: number };
  options: Omit<BenchOptions, 'outDir'>;
  serverSettings: Record<string, string>;
  durationSeconds: number;
  memory: { httpIdle: Memory; realtimeAfter: Memory | null };
  results: Results;
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const rps = (result: LoadResult | undefined) => (result ? result.rps.toLocaleString('en-US') : '—');
const ms = (result: LoadResult) => `${result.latencyMs.p50} / ${result.latencyMs.p99}`;
const flawed = (result: LoadResult | undefined) => result !== undefined && result.non2xx + result.errors + result.timeouts > 0;

function httpTable(http: EndpointReport[], memory: RunRecord['memory']): string[] {
  if (http.length === 0) return ['Not measured in this run.'];
  const lines = [
    row([
      'endpoint',
      'ours req/s',
      'ours p50 / p99 ms',
      'ceiling req/s',
      'ours ÷ ceiling',
      'json-server req/s',
      'ours ÷ json-server',
      'server CPU µs/req: ours / ceiling / json-server',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const e of http) {
    const cpu = [e.ours, e.ceiling, e.peer].map((r) => (r ? r.cpuUsPerRequest : '—')).join(' / ');
    lines.push(
      row([
        `\`${e.endpoint}\``,
        rps(e.ours),
        ms(e.ours),
        rps(e.ceiling),
        `${(e.ofCeiling * 100).toFixed(1)}%`,
        rps(e.peer),
        e.overPeer === undefined ? '—' : `${e.overPeer}×`,
        cpu,
      ]),
    );
  }
  const bad = http.flatMap((e) =>
    [e.ours, e.ceiling, e.peer]
      .filter(flawed)
      .map((r) => `${e.endpoint}: ${JSON.stringify(r?.statusCodes)}, ${r?.errors} errors, ${r?.timeouts} timeouts`),
  );
  if (bad.length > 0) lines.push('', '**Runs with failed requests:**', ...bad.map((b) => `- ${b}`));
  const afterEach = http.map((e) => `${e.oursMemory.rssMB} MB (\`${e.endpoint.split('?')[0] ?? e.endpoint}\`)`).join(', ');
  const afterRealtime = memory.realtimeAfter ? `; ${memory.realtimeAfter.rssMB} MB after the realtime runs` : '';
  return [
    ...lines,
    '',
    `Server memory (RSS): ${memory.httpIdle.rssMB} MB once started; after each endpoint's last run ${afterEach}${afterRealtime}.`,
  ];
}

function realtimeTables({ realtime, fanOut }: Results): string[] {
  if (realtime.length === 0 && !fanOut) return ['Not measured in this run.'];
  const lines = [
    row([
      'sockets',
      'orders',
      'station receipts',
      'after response p50 / p99 ms',
      'after request p50 / p99 ms',
      'arrived before response',
      'missed',
      'frames sent per order',
      'server CPU ms per order',
    ]),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...realtime.map((r) =>
      row([
        r.sockets,
        r.orders,
        r.afterResponseMs.samples,
        `${r.afterResponseMs.p50} / ${r.afterResponseMs.p99}`,
        `${r.afterRequestMs.p50} / ${r.afterRequestMs.p99}`,
        r.beforeResponse,
        r.missed,
        r.framesPerOrder,
        r.serverCpuMsPerOrder,
      ]),
    ),
  ];
  if (fanOut) {
    lines.push(
      '',
      `One room of ${fanOut.sockets} sockets, ${fanOut.events} events: the last socket had each event ` +
        `${fanOut.lastScreenMs.p50} ms (p50) / ${fanOut.lastScreenMs.p99} ms (p99, max ` +
        `${fanOut.lastScreenMs.max}) after the POST's response; first to last socket ${fanOut.spreadMs.p50} ` +
        `ms (p50) / ${fanOut.spreadMs.p99} ms (p99); missed ${fanOut.missed}; ${fanOut.framesPerOrder} event ` +
        `frames sent and ${fanOut.serverCpuMsPerOrder} ms of server CPU per order.`,
    );
  }
  return lines;
}

function ordersTable({ orders }: Results): string[] {
  if (orders.length === 0) return ['Not measured in this run.'];
  const [first] = orders;
  const sql = first?.sql;
  return [
    row([
      'concurrency',
      'kitchen sockets',
      'ours orders/s',
      'ours p50 / p99 ms',
      'ours CPU µs/order',
      'bare fastify POST µs (orders/s)',
      `floor µs (SQL ${sql?.group ?? '?'} per commit)`,
      'ours ÷ floor',
      'floor µs (SQL a commit per order)',
      'ours ÷ that floor',
      'contract minimum µs (orders/s)',
      'ours ÷ minimum',
    ]),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...orders.map((o) =>
      row([
        o.concurrency,
        o.sockets,
        rps(o.ours),
        ms(o.ours),
        o.ours.cpuUsPerRequest,
        `${o.http.cpuUsPerRequest} (${rps(o.http)})`,
        o.floorUs,
        `**${o.ofFloor}×**`,
        o.floorPerOrderCommitUs,
        `${o.ofFloorPerOrderCommit}×`,
        `${o.minimum.cpuUsPerRequest} (${rps(o.minimum)})`,
        `${o.ofMinimum}×`,
      ]),
    ),
    '',
    'The contract minimum is both parts of the floor in one process, group-committed and answered after ' +
      'the COMMIT, with the least the contract adds to every order (the token checked, the Idempotency-Key ' +
      'fingerprinted and looked up, an access-log line, the security headers and Location, the stored order ' +
      'as the answer; bench/contract-minimum-server.ts), measured without sockets after as many orders ' +
      'thrown away.',
    '',
    sql
      ? `The SQL floor (better-sqlite3 alone on a copy of the same data, the project's schema and pragmas): ` +
        `${sql.perOrderCommitUs} µs of CPU per order with one transaction per order ` +
        `(${sql.perOrderCommitPerSecond.toLocaleString('en-US')} orders/s on one core), ${sql.groupCommitUs} ` +
        `µs with ${sql.group} orders per transaction, each in its own savepoint ` +
        `(${sql.groupCommitPerSecond.toLocaleString('en-US')} orders/s).`
      : '',
  ];
}

/** Whether the run waited for a quiet host, in the report's words. */
function quietWait({ waited, quiet, waitedSeconds }: RunRecord['quietWait']): string {
  if (!waited) return 'Started without waiting for a quiet machine.';
  return quiet
    ? `Waited ${waitedSeconds} s for the 1-minute load to drop below 1.0.`
    : `The 1-minute load never dropped below 1.0 in ${waitedSeconds} s of waiting; run anyway.`;
}

export function markdown(record: RunRecord): string {
  const { machine, loadAverage, options, results } = record;
  const rewarmed = options.postRewarm > 0 ? ` (ours: then cancelled, and ${options.postRewarm} more thrown away)` : '';
  const keyed = options.idempotency ? ', each with its own Idempotency-Key (as the ordering app sends; the floor stores the key too)' : '';
  const verdictRows = verdicts(results).map((v) =>
    row([v.target, v.measured, v.met === null ? 'not measured' : v.met ? 'met' : '**missed**']),
  );
  return [
    `# Benchmark run ${machine.date}`,
    '',
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory, ${machine.platform}; Node ${machine.node}.`,
    `- Load average (1/5/15 min): ${loadAverage.start.join(' / ')} at the start, ${loadAverage.end.join(' / ')} at the end. ${quietWait(record.quietWait)}`,
    `- Machine speed index (a fixed CPU task, lower is faster; it shows a busy host the load average ` +
      `cannot): ${record.speedIndexMs.start} ms at the start, ${record.speedIndexMs.end} ms at the end.`,
    `- Load: autocannon, ${options.connections} connections, ${options.warmup} s warm-up then ` +
      `${options.duration} s measured, ${options.rounds} round(s) per target alternating between servers ` +
      `(the mean is shown). Every server in its own process on 127.0.0.1; the load generator shares the ` +
      `same cores.`,
    `- Server under test: the production build (node with the flags of \`npm start\`), embedded SQLite store, ${Object.entries(
      record.serverSettings,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}. The per-address rate limit is off (POS_RATE_LIMIT_MAX=0; loopback is exempt from it anyway).`,
    `- Data: 40 dishes, 120 ingredients; ${options.orders.toLocaleString('en-US')} stored orders for the ` +
      `HTTP and realtime runs. Whole run: ${Math.round(record.durationSeconds)} s.`,
    '',
    '## Targets',
    '',
    row(['target', 'measured', 'verdict']),
    row(['---', '---:', '---']),
    ...verdictRows,
    '',
    GUARD_NOTE,
    '',
    '## HTTP',
    '',
    ...httpTable(results.http, record.memory),
    '',
    '## Realtime (socket.io, one order at a time)',
    '',
    ...realtimeTables(results),
    '',
    '## POST /orders against its floor',
    '',
    `The floor is a bare fastify POST route validating the same body schema (answering a fixed 201) plus ` +
      `better-sqlite3 doing the order's work; every figure is server CPU per order from /proc, around ` +
      `${options.postOrders.toLocaleString('en-US')} orders after ${options.postWarmup} thrown ` +
      `away${rewarmed}${keyed}; ${options.rounds} round(s), each of ours a fresh process.`,
    '',
    ...ordersTable(results),
    '',
    '## Growth: every list as stored orders grow, and memory',
    '',
    ...growthTables(results),
    '',
  ].join('\n');
}

export function writeReport(outDir: string, record: RunRecord): { json: string; md: string } {
  mkdirSync(outDir, { recursive: true });
  const json = path.join(outDir, 'bench.json');
  const md = path.join(outDir, 'bench.md');
  writeFileSync(json, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(md, markdown(record));
  return { json, md };
}
