// When a fallback printer takes over a station: no board of the station has been heard for the
// grace time (30 s). Which boards are connected, and when each was last heard, is the realtime
// layer's knowledge: it is handed in as a StationPresence, so the domain never reaches into sockets.
import { STATIONS, type Station } from '../../models/dish.js';

export interface StationPresence {
  /**
   * When a board of the station was last heard (ms since the epoch): now, for a board whose
   * connection is answering the server's heartbeats; the last heartbeat of one gone since. Null
   * when no board of the station has been seen since the server started.
   */
  lastHeard(station: Station): number | null;
}

/** No presence known (before the realtime layer is up): no board is live. */
export const NO_BOARDS: StationPresence = { lastHeard: () => null };

export class StationWatch {
  /** Per station taken over: when its last board went silent (ISO), which names the takeover. */
  private readonly dark = new Map<Station, string>();
  private presence: StationPresence = NO_BOARDS;

  constructor(
    private readonly graceMs: number,
    private readonly startedAt: number,
  ) {}

  watch(presence: StationPresence): void {
    this.presence = presence;
  }

  /** Looks at every station now; returns the takeovers that start, each with its name. */
  tick(now: number): { station: Station; takeover: string }[] {
    const started: { station: Station; takeover: string }[] = [];
    for (const station of STATIONS) {
      const heard = this.presence.lastHeard(station) ?? this.startedAt;
      if (now - heard < this.graceMs) this.dark.delete(station);
      else if (!this.dark.has(station)) {
        const takeover = new Date(heard).toISOString();
        this.dark.set(station, takeover);
        started.push({ station, takeover });
      }
    }
    return started;
  }

  /** The takeover under way at the station, or null while a board is live. */
  takeover(station: Station): string | null {
    return this.dark.get(station) ?? null;
  }
}
