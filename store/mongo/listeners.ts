// In-memory fan-out of one stream to every subscriber of this process; a failing subscriber is
// logged and never stops the others or the stream.
import type { StoreLogger } from '../logger.js';

export class Listeners<T> {
  // Entries rather than the functions themselves, so one function may subscribe twice.
  private readonly entries = new Set<{ listener: (value: T) => void }>();

  constructor(
    private readonly what: string,
    private readonly logger: StoreLogger,
  ) {}

  subscribe(listener: (value: T) => void): () => void {
    const entry = { listener };
    this.entries.add(entry);
    return () => {
      this.entries.delete(entry);
    };
  }

  emit(value: T): void {
    for (const { listener } of [...this.entries]) {
      try {
        const result: unknown = listener(value);
        if (result instanceof Promise) result.catch((error: unknown) => this.failed(error));
      } catch (error) {
        this.failed(error);
      }
    }
  }

  private failed(error: unknown): void {
    this.logger.error({ err: error }, `a ${this.what} listener failed`);
  }
}
