// When a fallback printer takes over a station: no board of the station has been heard for the
// grace time (30 s), on any server instance. Which boards are connected here, and when each was last
// heard, is the realtime layer's knowledge: it is handed in as a StationPresence, so the domain never
// reaches into sockets. Each instance records its own boards in the store (board-records.ts) and
// decides from every instance's records; a takeover is stored too, one per station, so the instance
// that begins it names it for all, and a restart carries on with it instead of beginning another.
import type { Station } from '../../models/dish.js';
import { takeoverId } from '../../models/station-watch.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { BoardRecords } from './board-records.js';

export interface StationPresence {
  /**
   * When a board of the station was last heard (ms since the epoch): now, for a board whose
   * connection is answering the server's heartbeats; the last heartbeat of one gone since. Null
   * when no board of the station has been seen since the server started.
   */
  lastHeard(station: Station): number | null;
}

/** No presence known (before the realtime layer is up): no board is live here. */
export const NO_BOARDS: StationPresence = { lastHeard: () => null };

/** A takeover under way: since when the station's boards are silent (its name), and when it began. */
export interface Takeover {
  station: Station;
  silent_since: string;
  began: string;
}

/** What a look at the stations found: takeovers this instance began, or learned of (from another instance, or from before a restart). */
export interface TakeoverNews {
  takeover: Takeover;
  begun: boolean;
}

export class StationWatch {
  private readonly taken = new Map<Station, Takeover>();
  /** Per station watched: since when this instance watches it (a start, or a fallback printer added). */
  private readonly watchedSince = new Map<Station, number>();
  private presence: StationPresence = NO_BOARDS;
  private readonly records: BoardRecords;

  constructor(
    private readonly store: Store,
    private readonly graceMs: number,
  ) {
    this.records = new BoardRecords(store, graceMs / 6);
  }

  watch(presence: StationPresence): void {
    this.presence = presence;
  }

  /** At start: the takeovers under way before it carry on (until a board is heard again). */
  async load(stations: ReadonlySet<Station>): Promise<void> {
    for (const takeover of await this.stored()) {
      if (stations.has(takeover.station)) this.taken.set(takeover.station, takeover);
      else await this.end(takeover);
    }
  }

  /**
   * Looks at the stations fallback printers serve now: records this instance's boards, ends the
   * takeover of a station whose board is heard again, and begins (or learns of) one where none has
   * been heard for the grace time. Returns the takeovers begun or learned of.
   */
  async tick(now: number, stations: ReadonlySet<Station>): Promise<TakeoverNews[]> {
    // No fallback printer, before or now: nothing to look at (and nothing read from the store).
    if (stations.size === 0 && this.watchedSince.size === 0 && this.taken.size === 0) return [];
    for (const station of this.watchedSince.keys()) if (!stations.has(station)) this.watchedSince.delete(station);
    for (const station of stations) {
      if (!this.watchedSince.has(station)) this.watchedSince.set(station, now);
      const heard = this.presence.lastHeard(station);
      if (heard !== null) await this.records.record(station, heard);
    }
    const heard = await this.records.lastHeard();
    const stored = new Map((await this.stored()).map((takeover) => [takeover.station, takeover]));
    const news: TakeoverNews[] = [];
    for (const [station, takeover] of stored) {
      // No fallback printer serves it any more: nothing has taken over.
      if (!stations.has(station)) await this.end(takeover);
    }
    for (const station of stations) {
      const last = Math.max(heard.get(station) ?? -Infinity, this.presence.lastHeard(station) ?? -Infinity);
      const current = stored.get(station);
      if (now - last < this.graceMs) {
        if (current) await this.end(current);
        this.taken.delete(station);
        continue;
      }
      if (current) {
        if (this.taken.get(station)?.began !== current.began) news.push({ takeover: current, begun: false });
        this.taken.set(station, current);
        continue;
      }
      this.taken.delete(station);
      const silentSince = Math.max(last, this.watchedSince.get(station)!);
      if (now - silentSince < this.graceMs) continue;
      const begun = await this.begin({ station, silent_since: new Date(silentSince).toISOString(), began: new Date(now).toISOString() });
      news.push(begun);
      this.taken.set(station, begun.takeover);
    }
    for (const station of this.taken.keys()) if (!stations.has(station)) this.taken.delete(station);
    return news;
  }

  /** The takeover under way at the station, or null while a board is live. */
  takeover(station: Station): Takeover | null {
    return this.taken.get(station) ?? null;
  }

  private async stored(): Promise<Takeover[]> {
    return (await this.store.collection('station_takeovers').find([])).map(({ station, silent_since, began }) => ({
      station,
      silent_since,
      began,
    }));
  }

  /** Stores the takeover, unless another instance began one first: that one is the takeover then. */
  private async begin(takeover: Takeover): Promise<TakeoverNews> {
    const takeovers = this.store.collection('station_takeovers');
    try {
      await takeovers.insert({ id: takeoverId(takeover.station), ...takeover });
      return { takeover, begun: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const first = await takeovers.get(takeoverId(takeover.station));
      if (!first) return { takeover, begun: false };
      return { takeover: { station: first.station, silent_since: first.silent_since, began: first.began }, begun: false };
    }
  }

  /** Ends it (unless another has begun since: then that one is left to the next look). */
  private async end(takeover: Takeover): Promise<void> {
    await this.store
      .collection('station_takeovers')
      .delete(takeoverId(takeover.station), { if: [{ field: 'began', op: 'eq', value: takeover.began }] });
  }
}
