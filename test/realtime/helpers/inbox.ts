// What one client received, in order, and a way to wait for what it has yet to receive.
import type { Envelope } from '../../../realtime/events.js';

interface Waiter {
  matches: (envelope: Envelope) => boolean;
  resolve: (envelope: Envelope) => void;
}

export const WAIT_MS = 15_000;

export class Inbox {
  readonly envelopes: Envelope[] = [];
  readonly #waiters = new Set<Waiter>();

  constructor(readonly name: string) {}

  push(envelope: Envelope): void {
    this.envelopes.push(envelope);
    for (const waiter of this.#waiters) {
      if (!waiter.matches(envelope)) continue;
      this.#waiters.delete(waiter);
      waiter.resolve(envelope);
    }
  }

  /** The first envelope, received already or later, that matches; rejects after a generous wait. */
  waitFor(matches: (envelope: Envelope) => boolean, what: string, timeoutMs = WAIT_MS): Promise<Envelope> {
    const found = this.envelopes.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`${this.name} never received ${what}; got ${this.envelopes.map((e) => e.type).join(', ') || 'nothing'}`));
      }, timeoutMs);
      const waiter: Waiter = { matches, resolve: (envelope) => (clearTimeout(timer), resolve(envelope)) };
      this.#waiters.add(waiter);
    });
  }

  /** Waits until `count` envelopes match, then returns every match in order. */
  async waitForCount(matches: (envelope: Envelope) => boolean, count: number, what: string, timeoutMs = WAIT_MS): Promise<Envelope[]> {
    const matching = () => this.envelopes.filter(matches);
    await this.waitFor(() => matching().length >= count, `${count} × ${what}`, timeoutMs);
    return matching();
  }

  /** Types in order, with the id of the resource each is about. */
  summary(): string[] {
    return this.envelopes.map((e) => `${e.type} ${(e.data as { id?: string }).id ?? ''}`.trim());
  }
}
