// The store's watchdog over its change stream: looks every second, reopens a stream that went
// silent, and gives up (the process exits, so systemd or compose starts it afresh) once the stream
// has been reported down for longer than the configured bound. /ready alone is acted on by nothing:
// open-source nginx has no active health checks and compose ignores "unhealthy".
import type { ChangeSource } from './change-source.js';
import { realScheduler, type Scheduler } from './stream-handle.js';

export interface StreamWatch {
  /** Reported down (or stalled) for this long: onGiveUp is called, once. 0: never. */
  giveUpAfterMs: number;
  onGiveUp: (problem: string) => void;
  everyMs?: number;
  schedule?: Scheduler;
  now?: () => number;
}

export function watchStream(source: ChangeSource, watch: StreamWatch): () => void {
  const schedule = watch.schedule ?? realScheduler;
  const now = watch.now ?? Date.now;
  let downSince: number | null = null;
  let cancel: (() => void) | null = null;
  let stopped = false;
  const look = () => {
    if (stopped) return;
    source.checkStall();
    const problem = source.problem();
    downSince = problem === null ? null : (downSince ?? now());
    if (problem !== null && watch.giveUpAfterMs > 0 && now() - downSince! >= watch.giveUpAfterMs) {
      stopped = true;
      return watch.onGiveUp(problem);
    }
    cancel = schedule(look, watch.everyMs ?? 1_000);
  };
  cancel = schedule(look, watch.everyMs ?? 1_000);
  return () => {
    stopped = true;
    cancel?.();
  };
}
