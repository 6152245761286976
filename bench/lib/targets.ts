// The targets, judged on one run's figures: reads against their ceiling and json-server, realtime,
// growth and memory. POST /orders and GET /dishes/{id} are guarded against our own baseline instead
// (bench/guard.ts); their ratios to the contract's minimum and the ceiling stay in the report.
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

export function verdicts({ http, realtime, growth }: Results): Verdict[] {
  const endpoint = (prefix: string) => http.find((report) => report.endpoint.startsWith(prefix));
  const byId = endpoint('GET /dishes/{id}');
  const list = endpoint('GET /dishes?');
  const station = endpoint('GET /orders?filter=status.eq~Received');
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
