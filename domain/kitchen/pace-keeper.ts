// Keeps what each station learned of its pace in the store (kitchen_paces), so a restart, another
// instance and the next service start from it rather than from the menu: read once at opening,
// written a moment after it changes (one small document per station) and when the server closes.
import { STATIONS, type Station } from '../../models/dish.js';
import { paceId, type KitchenPaceDoc, type LearnedPace } from '../../models/kitchen-pace.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';

/** Learning is written at most this long after it happened (a crash loses no more: the restart replays it). */
const WRITE_AFTER_MS = 2_000;

export class PaceKeeper {
  private readonly dirty = new Map<Station, { learned: LearnedPace; until: number }>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly store: Store) {}

  /** What each station learned, as last stored (absent: nothing learned yet). */
  async read(): Promise<Map<Station, KitchenPaceDoc>> {
    const docs = await this.store.collection('kitchen_paces').find([]);
    return new Map(docs.filter((doc) => STATIONS.includes(doc.station)).map((doc) => [doc.station, doc]));
  }

  /** The station learned from a ticket readied at `until`: written shortly. */
  changed(station: Station, learned: LearnedPace, until: number): void {
    this.dirty.set(station, { learned, until });
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // A write that fails is not lost: the next opening replays the tickets readied since the stored one.
      this.flush().catch(() => {});
    }, WRITE_AFTER_MS);
    this.timer.unref();
  }

  /** Writes every change not yet written; resolves once they are. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const changes = [...this.dirty];
    this.dirty.clear();
    this.writing = this.writing.then(() => Promise.all(changes.map(([station, change]) => this.write(station, change))).then(() => {}));
    return this.writing;
  }

  /**
   * One station's document, written only when it moves forward: every instance learns the same from
   * the same events, and the one that saw the later ticket wins.
   */
  private async write(station: Station, { learned, until }: { learned: LearnedPace; until: number }): Promise<void> {
    const paces = this.store.collection('kitchen_paces');
    const id = paceId(station);
    const learnedUntil = new Date(until).toISOString();
    const set = { ...learned, station, learned_until: learnedUntil };
    try {
      const updated = await paces.update(id, { set }, { if: [{ field: 'learned_until', op: 'lte', value: learnedUntil }] });
      if (updated || (await paces.get(id))) return;
      await paces.insert({ id, ...set });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
}
