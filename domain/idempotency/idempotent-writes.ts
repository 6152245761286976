// Where a request's idempotency record joins its write. The route layer runs the handler inside a
// WriteScope; the domain's first write unit in that scope (a transaction, or a single-document
// write, which then becomes one) stores the outcome in the same transaction, before the commit.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Collections } from '../../models/collections.js';
import type { StoredOutcome } from '../../models/idempotency.js';
import type { Collection, CollectionName, Store, StoreSession } from '../../store/types.js';
import { isKeyTaken, recordOutcome, type IdempotentRequest } from './idempotency.js';

const current = new AsyncLocalStorage<WriteScope>();

/** Thrown when another instance stored an outcome for the key first: this write was rolled back. */
export class KeyTakenError extends Error {
  constructor() {
    super('another request committed this idempotency key first');
    this.name = 'KeyTakenError';
  }
}

export class WriteScope {
  /** The outcome committed with the write; null until a write unit has committed. */
  recorded: StoredOutcome | null = null;
  private ended = false;

  /**
   * `outcomeOf` turns the write unit's result into what the route answers (null: not an answer,
   * e.g. nothing was found; the route's own reply is then stored after it, on its own).
   */
  constructor(
    readonly request: IdempotentRequest,
    private readonly outcomeOf: (result: unknown) => StoredOutcome | null,
    private readonly now: () => Date,
    /** Told once the outcome has committed (the route then sends its body as it is). */
    private readonly onRecorded: (outcome: StoredOutcome) => void = () => {},
  ) {}

  /** The write unit carrying the outcome has committed. */
  committed(outcome: StoredOutcome | null): void {
    this.recorded = outcome;
    if (outcome) this.onRecorded(outcome);
  }

  /** Runs the handler in this scope. Timers it starts (a scheduler poke) outlive it and write alone. */
  async run<R>(handler: () => Promise<R>): Promise<R> {
    try {
      return await current.run(this, handler);
    } finally {
      this.end();
    }
  }

  /** From now on no write in this scope records an outcome. */
  end(): void {
    this.ended = true;
  }

  get waiting(): boolean {
    return !this.ended && this.recorded === null;
  }

  /** Writes the record inside `session`; returns what was stored (committed only with the session). */
  async store(session: StoreSession, result: unknown): Promise<StoredOutcome | null> {
    const outcome = this.outcomeOf(result);
    if (outcome) await recordOutcome(session, this.request, outcome, this.now());
    return outcome;
  }
}

const WRITES = new Set<string>(['insert', 'update', 'updateEach', 'replace', 'updateMany', 'delete']);

/** The store the domain uses: every call passes through, except a scope's first write unit. */
export function withIdempotentWrites(inner: Store): Store {
  async function transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R> {
    const scope = current.getStore();
    if (!scope?.waiting) return inner.transaction(work);
    let stored: StoredOutcome | null = null;
    try {
      const result = await inner.transaction(async (tx) => {
        // Reset on every attempt: MongoDB may run the work again after a transient error.
        stored = null;
        const value = await work(tx);
        stored = await scope.store(tx, value);
        return value;
      });
      scope.committed(stored);
      return result;
    } catch (error) {
      throw isKeyTaken(error) ? new KeyTakenError() : error;
    }
  }

  function collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    const plain = inner.collection(name);
    // Outside a scope, or once it has its record, a write is the plain single-document write.
    return new Proxy(plain, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof property !== 'string' || !WRITES.has(property) || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (!current.getStore()?.waiting) return (value as (...a: unknown[]) => unknown).apply(target, args);
          return transaction((tx) =>
            (tx.collection(name) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[property]!(...args),
          );
        };
      },
    });
  }

  return {
    kind: inner.kind,
    settled: () => inner.settled(),
    collection,
    transaction,
    onChange: (listener) => inner.onChange(listener),
    onResync: (listener) => inner.onResync(listener),
    ...(inner.onCommit && { onCommit: inner.onCommit.bind(inner) }),
    ...(inner.onStreamLag && { onStreamLag: inner.onStreamLag.bind(inner) }),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}
