// The targets, judged on one run's figures. Reads, growth, memory and realtime are targets; POST
// /orders has a guard against the contract's minimum measured in the same run (its floor ratios
// stay in the report as information: docs/benchmarks.md says why).
import type { GrowthPoint } from '../suites/growth.js';
import type { EndpointReport } from '../suites/http.js';
import type { OrdersReport } from '../suites/orders.js';
import type { FanOutReport, LatencyReport } from '../suites/realtime.js';

export interface Results {
  http: EndpointReport[];
  orders: OrdersReport[];
  realtime: LatencyReport[];
  fanOut: FanOutReport | null;
  growth: GrowthPoint[];
}

export interface Verdict {
  target: string;
  measured: string;
  met: boolean | null;
}

/** POST /orders may cost at most this many times the contract's minimum, no screens, c=16. */
export const ORDERS_GUARD = 1.3;
/** GET /dishes/{id} must keep at least this share of its ceiling. */
export const BY_ID_GUARD = 0.6;

const fmt = (value: number | undefined, unit = '', digits = 2) =>
  value === undefined || Number.isNaN(value) ? 'not measured' : `${Number(value.toFixed(digits))}${unit}`;

/** `byCpu`: the same comparison made by server CPU time per request, shown beside it; `note`: more context. */
function judge(
  target: string,
  value: number | undefined,
  pass: (value: number) => boolean,
  unit = '',
  digits = 2,
  byCpu?: number,
  note?: string,
): Verdict {
  const known = value !== undefined && !Number.isNaN(value);
  const aside = [byCpu === undefined ? '' : `by CPU time: ${fmt(byCpu, unit, digits)}`, note ?? ''].filter(Boolean).join('; ');
  return { target, measured: `${fmt(value, unit, digits)}${aside ? ` (${aside})` : ''}`, met: known ? pass(value) : null };
}

function memoryNote(point: GrowthPoint | undefined): string | undefined {
  if (!point) return undefined;
  const notes = [
    point.collected ? `${point.collected.rssMB} MB after a full collection` : '',
    ...(point.candidates ?? []).map((c) => `${c.loaded.rssMB} MB with ${c.nodeFlags.join(' ')}`),
  ];
  return notes.filter(Boolean).join('; ') || undefined;
}

/** POST /orders at `concurrency` with `sockets` connected (the first concurrency measured when absent). */
function ordersAt(orders: OrdersReport[], sockets: number, concurrency = 16): OrdersReport | undefined {
  const withSockets = orders.filter((report) => report.sockets === sockets);
  return withSockets.find((report) => report.concurrency === concurrency) ?? withSockets[0];
}

export function verdicts({ http, orders, realtime, growth }: Results): Verdict[] {
  const endpoint = (prefix: string) => http.find((report) => report.endpoint.startsWith(prefix));
  const byId = endpoint('GET /dishes/{id}');
  const list = endpoint('GET /dishes?');
  const station = endpoint('GET /orders?filter=status.eq~Received');
  const bare = ordersAt(orders, 0);
  const atThousand = realtime.find((report) => report.sockets === 1000);
  const smallest = growth[0];
  const largest = growth.at(-1);
  const grown = smallest && largest && largest !== smallest;
  const size = (n: number | undefined) => (n === undefined ? '?' : n.toLocaleString('en-US'));
  const listVerdicts = (largest?.lists ?? []).map(({ name, result }) => {
    const first = smallest?.lists.find((entry) => entry.name === name)?.result;
    const ratio = grown && first ? result.cpuUsPerRequest / first.cpuUsPerRequest : undefined;
    const p50 = grown && first ? result.latencyMs.p50 / first.latencyMs.p50 : undefined;
    return judge(
      `${name} at ${size(largest?.orders)} orders within 2× of ${size(smallest?.orders)} (CPU per request)`,
      ratio,
      (v) => v <= 2,
      '×',
      2,
      undefined,
      p50 === undefined ? undefined : `p50 latency ${fmt(p50, '×')}`,
    );
  });
  return [
    byIdGuard(byId),
    judge(
      'GET /dishes?limit=30 ≥ 30% of its ceiling',
      list && list.ofCeiling * 100,
      (v) => v >= 30,
      '%',
      1,
      list && list.ofCeilingByCpu * 100,
    ),
    judge(
      'station list (GET /orders, Received) ≥ 40% of its ceiling',
      station && station.ofCeiling * 100,
      (v) => v >= 40,
      '%',
      1,
      station && station.ofCeilingByCpu * 100,
    ),
    judge('GET /dishes/{id} ≥ 2× json-server', byId?.overPeer, (v) => v >= 2, '×', 2, byId?.overPeerByCpu),
    judge('GET /dishes?limit=30 ≥ 2× json-server', list?.overPeer, (v) => v >= 2, '×', 2, list?.overPeerByCpu),
    ordersGuard(bare),
    judge('realtime p99 < 20 ms at 1000 sockets', atThousand?.afterResponseMs.p99, (v) => v < 20, ' ms', 1),
    ...listVerdicts,
    judge(
      `RSS < 250 MB at ${largest ? `${size(largest.orders)} orders` : 'the largest size'}, after the loads`,
      largest?.loaded.rssMB,
      (v) => v < 250,
      ' MB',
      1,
      undefined,
      memoryNote(largest),
    ),
  ];
}

function byIdGuard(byId: EndpointReport | undefined): Verdict {
  return judge(
    `GET /dishes/{id} ≥ ${BY_ID_GUARD * 100}% of its ceiling`,
    byId && byId.ofCeiling * 100,
    (v) => v >= BY_ID_GUARD * 100,
    '%',
    1,
    byId && byId.ofCeilingByCpu * 100,
  );
}

function ordersGuard(report: OrdersReport | undefined): Verdict {
  const note = report && `${report.ours.cpuUsPerRequest} µs vs ${report.minimum.cpuUsPerRequest} µs; ${report.ofFloor}× the floor`;
  return judge(
    `POST /orders ≤ ${ORDERS_GUARD}× the contract's minimum in CPU per order, no sockets (c=${report?.concurrency ?? 16})`,
    report?.ofMinimum,
    (v) => v <= ORDERS_GUARD,
    '×',
    2,
    undefined,
    note,
  );
}

/** The two order-path guards alone (`npm run bench:guard`). */
export function guardVerdicts({ http, orders }: Pick<Results, 'http' | 'orders'>): Verdict[] {
  return [byIdGuard(http.find((report) => report.endpoint.startsWith('GET /dishes/{id}'))), ordersGuard(ordersAt(orders, 0))];
}
