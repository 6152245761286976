// How far behind the change stream runs: the time from a change's commit on the server to its
// arrival at this instance, for /metrics (pos_store_change_stream_lag_seconds).
import type { RawChangeEvent } from './change-events.js';

/**
 * Seconds from the commit of `raw` to `receivedAt` (ms since the epoch): the commit read from its
 * `wallTime` (MongoDB 6+, milliseconds), else from its cluster time (whole seconds). Null when the
 * document carries neither. Never negative: the server's and this machine's clocks differ a little.
 */
export function streamLagSeconds(raw: RawChangeEvent, receivedAt: number): number | null {
  const { wallTime, clusterTime } = raw as { wallTime?: unknown; clusterTime?: { t?: unknown } };
  const committedAt = wallTime instanceof Date ? wallTime.getTime() : typeof clusterTime?.t === 'number' ? clusterTime.t * 1000 : null;
  return committedAt === null ? null : Math.max(0, receivedAt - committedAt) / 1000;
}
