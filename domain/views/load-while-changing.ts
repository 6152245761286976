// A view loaded from the store while its changes keep arriving (the settings, the live menu, the
// kitchen queues): the newest load wins, an older one finishing later is dropped, and the changes
// heard while a load ran are applied after it, in order. Each change carries its whole document, so
// applying one the load already saw changes nothing. A failed load leaves the view as it was, with
// the changes heard meanwhile applied to it.
export class LoadWhileChanging<E> {
  #held: E[] | null = null;
  #loads = 0;

  constructor(private readonly apply: (change: E) => void) {}

  /** A change: applied at once, or held until the load in flight is in. */
  hear(change: E): void {
    if (this.#held) this.#held.push(change);
    else this.apply(change);
  }

  /**
   * Reads with `read`; unless a newer load started meanwhile, hands the result to `install`, then
   * applies the changes held since. True once installed, false when a newer load superseded it.
   */
  async load<T>(read: () => Promise<T>, install: (loaded: T) => void): Promise<boolean> {
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
}
