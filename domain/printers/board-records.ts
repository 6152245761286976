// Each server instance's boards, per station, in the store: when one of them was last heard. Every
// instance writes its own and reads all of them, so a station's board counts as live whichever
// instance behind the load balancer it is connected to. Written only as the time moves on by a
// sixth of the grace (5 s of 30), so a live board costs a small write now and then, not one per
// heartbeat, and no reader sees it older than it is by more than that.
import { randomBytes } from 'node:crypto';
import type { Station } from '../../models/dish.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { jobId } from './jobs.js';

/** An instance's records stay this long after its boards were last heard (then the store deletes them). */
const KEPT_MS = 60 * 60_000;

export class BoardRecords {
  /** This process, as its records name it. */
  readonly instance = randomBytes(8).toString('hex');
  private readonly written = new Map<Station, number>();

  constructor(
    private readonly store: Store,
    private readonly refreshMs: number,
  ) {}

  /** Records that a board of the station was heard at `heard` (ms), unless recorded recently enough. */
  async record(station: Station, heard: number): Promise<void> {
    const last = this.written.get(station);
    if (last !== undefined && heard - last < this.refreshMs) return;
    const id = jobId('boards', this.instance, station);
    const set = { heard_at: new Date(heard).toISOString(), expires_at: new Date(heard + KEPT_MS).toISOString() };
    const presence = this.store.collection('board_presence');
    if (!(await presence.update(id, { set }))) {
      await presence.insert({ id, instance: this.instance, station, ...set }).catch(async (error: unknown) => {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await presence.update(id, { set });
      });
    }
    this.written.set(station, heard);
  }

  /** Per station, the last time any instance heard one of its boards (ms). */
  async lastHeard(): Promise<Map<Station, number>> {
    const latest = new Map<Station, number>();
    for (const { station, heard_at } of await this.store.collection('board_presence').find([])) {
      const heard = Date.parse(heard_at);
      if (heard > (latest.get(station) ?? -Infinity)) latest.set(station, heard);
    }
    return latest;
  }
}
