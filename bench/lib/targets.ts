// The targets the issue set, judged on one run's figures.
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

/** Orders per second the project's own benchmark gave when issue 17 was filed (its target: 4× that). */
const ISSUE_ORDERS_PER_SECOND = 973;

const fmt = (value: number | undefined, unit = '', digits = 2) => (value === undefined || Number.isNaN(value) ? 'not measured' : `${Number(value.toFixed(digits))}${unit}`);

/** `byCpu`: the same comparison made by server CPU time per request, shown beside it; `note`: more context. */
function judge(target: string, value: number | undefined, pass: (value: number) => boolean, unit = '', digits = 2, byCpu?: number, note?: string): Verdict {
  const known = value !== undefined && !Number.isNaN(value);
  const aside = [byCpu === undefined ? '' : `by CPU time: ${fmt(byCpu, unit, digits)}`, note ?? ''].filter(Boolean).join('; ');
  return { target, measured: `${fmt(value, unit, digits)}${aside ? ` (${aside})` : ''}`, met: known ? pass(value) : null };
}

function memoryNote(point: GrowthPoint | undefined): string | undefined {
  if (!point) return undefined;
  const notes = [point.collected ? `${point.collected.rssMB} MB after a full collection` : '', ...(point.candidates ?? []).map((c) => `${c.loaded.rssMB} MB with ${c.nodeFlags.join(' ')}`)];
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
  const screens = ordersAt(orders, 50);
  const fastest = [...orders].filter((report) => report.sockets === 0).sort((a, b) => b.ours.rps - a.ours.rps)[0];
  const atThousand = realtime.find((report) => report.sockets === 1000);
  const smallest = growth[0];
  const largest = growth.at(-1);
  const grown = smallest && largest && largest !== smallest;
  const size = (n: number | undefined) => (n === undefined ? '?' : n.toLocaleString('en-US'));
  const listVerdicts = (largest?.lists ?? []).map(({ name, result }) => {
    const first = smallest?.lists.find((entry) => entry.name === name)?.result;
    const ratio = grown && first ? result.cpuUsPerRequest / first.cpuUsPerRequest : undefined;
    const p50 = grown && first ? result.latencyMs.p50 / first.latencyMs.p50 : undefined;
    return judge(`${name} at ${size(largest?.orders)} orders within 2× of ${size(smallest?.orders)} (CPU per request)`, ratio, (v) => v <= 2, '×', 2, undefined, p50 === undefined ? undefined : `p50 latency ${fmt(p50, '×')}`);
  });
  const floorTarget = (report: OrdersReport | undefined, sockets: number, limit: number) =>
    judge(`POST /orders ≤ ${limit}× its floor in CPU per order, ${sockets === 0 ? 'no sockets' : `${sockets} kitchen sockets`} (c=${report?.concurrency ?? 16})`, report?.ofFloor, (v) => v <= limit, '×', 2, undefined, report && `${report.ours.cpuUsPerRequest} µs vs ${report.floorUs} µs; ${report.ofFloorPerOrderCommit}× the floor with a commit per order`);
  return [
    judge('GET /dishes/{id} ≥ 60% of its ceiling', byId && byId.ofCeiling * 100, (v) => v >= 60, '%', 1, byId && byId.ofCeilingByCpu * 100),
    judge('GET /dishes?limit=30 ≥ 30% of its ceiling', list && list.ofCeiling * 100, (v) => v >= 30, '%', 1, list && list.ofCeilingByCpu * 100),
    judge('station list (GET /orders, Received) ≥ 40% of its ceiling', station && station.ofCeiling * 100, (v) => v >= 40, '%', 1, station && station.ofCeilingByCpu * 100),
    judge('GET /dishes/{id} ≥ 2× json-server', byId?.overPeer, (v) => v >= 2, '×', 2, byId?.overPeerByCpu),
    judge('GET /dishes?limit=30 ≥ 2× json-server', list?.overPeer, (v) => v >= 2, '×', 2, list?.overPeerByCpu),
    floorTarget(bare, 0, 1.5),
    floorTarget(screens, 50, 2.5),
    judge(`POST /orders ≥ 4× the issue's ${ISSUE_ORDERS_PER_SECOND}/s (no sockets${fastest ? `, c=${fastest.concurrency}` : ''})`, fastest?.ours.rps, (v) => v >= 4 * ISSUE_ORDERS_PER_SECOND, '/s', 0, undefined, fastest && `${fmt(fastest.ours.rps / ISSUE_ORDERS_PER_SECOND, '×')}`),
    judge('realtime p99 < 20 ms at 1000 sockets', atThousand?.afterResponseMs.p99, (v) => v < 20, ' ms', 1),
    ...listVerdicts,
    judge(`RSS < 250 MB at ${largest ? `${size(largest.orders)} orders` : 'the largest size'}, after the loads`, largest?.loaded.rssMB, (v) => v < 250, ' MB', 1, undefined, memoryNote(largest)),
  ];
}
