// The targets the issue set, judged on one run's figures.
import type { GrowthPoint } from '../suites/growth.js';
import type { EndpointReport } from '../suites/http.js';
import type { FanOutReport, LatencyReport } from '../suites/realtime.js';

export interface Results {
  http: EndpointReport[];
  realtime: LatencyReport[];
  fanOut: FanOutReport | null;
  growth: GrowthPoint[];
}

export interface Verdict {
  target: string;
  measured: string;
  met: boolean | null;
}

const fmt = (value: number | undefined, unit = '', digits = 2) => (value === undefined || Number.isNaN(value) ? 'not measured' : `${Number(value.toFixed(digits))}${unit}`);

/** `byCpu`: the same comparison made by server CPU time per request, shown beside it. */
function judge(target: string, value: number | undefined, pass: (value: number) => boolean, unit = '', digits = 2, byCpu?: number): Verdict {
  const known = value !== undefined && !Number.isNaN(value);
  const cpu = byCpu === undefined ? '' : ` (by CPU time: ${fmt(byCpu, unit, digits)})`;
  return { target, measured: `${fmt(value, unit, digits)}${cpu}`, met: known ? pass(value) : null };
}

export function verdicts({ http, realtime, growth }: Results): Verdict[] {
  const endpoint = (prefix: string) => http.find((report) => report.endpoint.startsWith(prefix));
  const byId = endpoint('GET /dishes/{id}');
  const list = endpoint('GET /dishes?');
  const post = endpoint('POST /orders');
  const atThousand = realtime.find((report) => report.sockets === 1000);
  const smallest = growth[0];
  const largest = growth.at(-1);
  const latencyGrowth = smallest && largest && largest !== smallest ? largest.list.latencyMs.p50 / smallest.list.latencyMs.p50 : undefined;
  return [
    judge('GET /dishes/{id} ≥ 50% of its ceiling', byId && byId.ofCeiling * 100, (v) => v >= 50, '%', 1, byId && byId.ofCeilingByCpu * 100),
    judge('GET /dishes?limit=30 ≥ 30% of its ceiling', list && list.ofCeiling * 100, (v) => v >= 30, '%', 1, list && list.ofCeilingByCpu * 100),
    judge('GET /dishes/{id} ≥ 2× json-server', byId?.overPeer, (v) => v >= 2, '×', 2, byId?.overPeerByCpu),
    judge('GET /dishes?limit=30 ≥ 2× json-server', list?.overPeer, (v) => v >= 2, '×', 2, list?.overPeerByCpu),
    judge('POST /orders ≥ 1,000/s', post?.ours.rps, (v) => v >= 1000, '/s', 0),
    judge('realtime p99 < 20 ms at 1000 sockets', atThousand?.afterResponseMs.p99, (v) => v < 20, ' ms', 1),
    judge(`GET /orders p50 at ${largest?.orders ?? '?'} orders within 2× of ${smallest?.orders ?? '?'}`, latencyGrowth, (v) => v <= 2, '×'),
    judge(`RSS < 250 MB at ${largest?.orders ?? '?'} orders`, largest?.loaded.rssMB, (v) => v < 250, ' MB', 1),
  ];
}
