// A view loaded from the store while its changes keep arriving (the settings, the live menu, the
// kitchen queues, the kitchen book, the values kept per document): the changes heard while a load
// ran are applied after it, in order. Each change carries its whole document (or names what it
// drops), so applying one the load already saw changes nothing. A failed load leaves the view as it
// was, with the changes heard meanwhile applied to it.
//
// Two choices, each view's own:
// - `live`: a change is applied at once even while a load is in flight (readers that follow the
//   feed, such as the kitchen's re-estimates, see it), and again after the load installs. Without
//   it, a change waits for the load and is applied once.
// - `eachLoadInstalls`: loads of different parts of a view (one page's documents, another's) each
//   install what they read. Without it the newest load wins: an older one finishing later, or
//   earlier, is dropped (a reload after another program's commit must not be undone by one begun
//   before it). Only with `live`: held changes would otherwise wait for a load that may never come.

export interface LoadWhileChangingOptions {
  live?: boolean;
  eachLoadInstalls?: boolean;
}

export class LoadWhileChanging<E> {
  /** Held mode: the changes waiting for the newest load. */
  #held: E[] | null = null;
  /** Live mode: the changes heard while any load was in flight, the first of them numbered #logStart. */
  #log: E[] = [];
  #logStart = 0;
  /** Live mode: where each load in flight starts reading the log. */
  readonly #inFlight = new Set<{ from: number }>();
  #loads = 0;
  readonly #live: boolean;
  readonly #newestWins: boolean;

  constructor(
    private readonly apply: (change: E) => void,
    options: LoadWhileChangingOptions = {},
  ) {
    if (options.eachLoadInstalls && !options.live) throw new Error('eachLoadInstalls needs live: held changes would wait for no load');
    this.#live = options.live ?? false;
    this.#newestWins = !options.eachLoadInstalls;
  }

  /** A change: applied at once (and, live, logged for the loads in flight), or held until the load in flight is in. */
  hear(change: E): void {
    if (this.#live) {
      if (this.#inFlight.size > 0) this.#log.push(change);
      this.apply(change);
    } else if (this.#held) this.#held.push(change);
    else this.apply(change);
  }

  /**
   * Reads with `read`; unless a newer load superseded it, hands the result to `install`, then
   * applies the changes heard since it began. True once installed, false when superseded.
   */
  async load<T>(read: () => Promise<T>, install: (loaded: T) => void): Promise<boolean> {
    return this.#live ? this.#loadLive(read, install) : this.#loadHeld(read, install);
  }

  async #loadHeld<T>(read: () => Promise<T>, install: (loaded: T) => void): Promise<boolean> {
    const load = ++this.#loads;
    this.#held ??= [];
    let loaded: T;
    try {
      loaded = await read();
    } catch (error) {
      if (load === this.#loads) this.#catchUp();
      throw error;
    }
    if (load !== this.#loads) return false;
    try {
      install(loaded);
    } finally {
      this.#catchUp();
    }
    return true;
  }

  #catchUp(): void {
    const held = this.#held ?? [];
    this.#held = null;
    for (const change of held) this.apply(change);
  }

  async #loadLive<T>(read: () => Promise<T>, install: (loaded: T) => void): Promise<boolean> {
    const load = ++this.#loads;
    const mark = { from: this.#logStart + this.#log.length };
    this.#inFlight.add(mark);
    try {
      const loaded = await read();
      if (this.#newestWins && load !== this.#loads) return false;
      try {
        install(loaded);
      } finally {
        for (const change of this.#log.slice(mark.from - this.#logStart)) this.apply(change);
      }
      return true;
    } finally {
      this.#inFlight.delete(mark);
      this.#trim();
    }
  }

  /** Drops the changes no load in flight still needs. */
  #trim(): void {
    const oldest = Math.min(...[...this.#inFlight].map((mark) => mark.from), this.#logStart + this.#log.length);
    this.#log.splice(0, oldest - this.#logStart);
    this.#logStart = oldest;
  }
}
