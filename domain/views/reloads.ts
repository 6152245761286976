// A view's reloads after a resync (another program committed; no event says what). The view keeps
// answering its background readers from what it holds, but a read that promises the store's state
// waits for the newest reload in flight: screens told to resync reload at once, and must not be
// answered from before the commit that made them.
export class Reloads {
  private latest: Promise<void> | null = null;

  /** Runs `load` as the newest reload; a failure leaves the view as it was (`load` handles it), until the next. */
  start(load: () => Promise<void>): void {
    const run: Promise<void> = load()
      .catch(() => {})
      .finally(() => {
        if (this.latest === run) this.latest = null;
      });
    this.latest = run;
  }

  /**
   * What a read awaits: the store's `settled` (every change committed before the read applied),
   * then the reloads in flight by then, newer ones started meanwhile too (none: no further wait).
   */
  after(settled: Promise<void>): Promise<void> {
    return settled.then(() => (this.latest ? this.drain() : undefined));
  }

  private async drain(): Promise<void> {
    while (this.latest) await this.latest;
  }
}
