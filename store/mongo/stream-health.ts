// Whether the change stream is up, since when it has been down, and how long to wait before the
// next reopen: capped exponential backoff that starts over once the stream shows life again.
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/**
 * A live stream that has sent nothing (no event, no post-batch token) for this long has stalled:
 * a server answers every getMore at least once a second (an empty batch after maxAwaitTimeMS).
 */
export const STALL_MS = 30_000;

export class StreamHealth {
  private live = false;
  private downSince: number;
  /** When the stream last showed life (an event or a resume token). */
  private lastSign: number;
  private attempt = 0;
  private lastError = 'not opened yet';

  constructor(
    private readonly now: () => number,
    private readonly backoff: Backoff,
    private readonly stallMs = STALL_MS,
  ) {
    this.downSince = now();
    this.lastSign = this.downSince;
  }

  /** An event or a resume token arrived: the stream is open and the backoff starts over. */
  alive(): void {
    this.live = true;
    this.attempt = 0;
    this.lastSign = this.now();
  }

  /** Live, yet silent for longer than the stall bound. */
  stalled(): boolean {
    return this.live && this.now() - this.lastSign > this.stallMs;
  }

  /** Down counts from the moment a live stream stopped being live (a stalled one: from its last sign of life). */
  down(reason?: string): void {
    if (this.live) this.downSince = this.stalled() ? this.lastSign : this.now();
    this.live = false;
    if (reason) this.lastError = reason;
  }

  /** The wait before the next reopen: initialMs, doubling up to maxMs. */
  nextDelay(): number {
    const delay = Math.min(this.backoff.initialMs * 2 ** this.attempt, this.backoff.maxMs);
    this.attempt += 1;
    return delay;
  }

  get isLive(): boolean {
    return this.live;
  }

  get attempts(): number {
    return this.attempt;
  }

  /** Null while live, or down for no longer than the backoff cap; otherwise what is wrong. */
  problem(): string | null {
    if (this.stalled()) return `the change stream has sent nothing for ${Math.round((this.now() - this.lastSign) / 1000)} s (stalled)`;
    if (this.live) return null;
    const downFor = this.now() - this.downSince;
    return downFor > this.backoff.maxMs ? `the change stream has been down for ${Math.round(downFor / 1000)} s: ${this.lastError}` : null;
  }
}
