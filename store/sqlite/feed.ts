// Fans committed change events out to subscribers; a failing subscriber never fails the write.
import type { ChangeEvent, ChangeListener } from '../types.js';

export class ChangeFeed {
  // Entries rather than the listeners themselves, so one function may subscribe twice.
  private readonly entries = new Set<{ listener: ChangeListener }>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  subscribe(listener: ChangeListener): () => void {
    const entry = { listener };
    this.entries.add(entry);
    return () => {
      this.entries.delete(entry);
    };
  }

  publish(events: readonly ChangeEvent[]): void {
    if (events.length === 0 || this.entries.size === 0) return;
    const entries = [...this.entries];
    for (const event of events) {
      for (const { listener } of entries) this.deliver(listener, event);
    }
  }

  private deliver(listener: ChangeListener, event: ChangeEvent): void {
    try {
      const result: unknown = listener(event);
      // An async listener's rejection would otherwise be an unhandled rejection.
      if (result instanceof Promise) result.catch(this.onListenerError);
    } catch (error) {
      this.onListenerError(error);
    }
  }
}
