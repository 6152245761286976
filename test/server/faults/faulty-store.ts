// A Store that fails on demand, as a full or failing disk would: chosen writes throw
// StoreUnavailableError, inside transactions too (after the writes before them succeeded), so the
// real store underneath must roll those back.
import type { Collections } from '../../../models/collections.js';
import {
  StoreUnavailableError,
  type ChangeListener,
  type Collection,
  type CollectionName,
  type Store,
  type StoreSession,
} from '../../../store/types.js';

type WriteMethod = 'insert' | 'update' | 'updateEach' | 'replace' | 'updateMany' | 'delete';
const WRITES: readonly string[] = ['insert', 'update', 'updateEach', 'replace', 'updateMany', 'delete'] satisfies WriteMethod[];

export class FaultyStore implements Store {
  readonly kind: string;
  /** How many writes were made to fail. */
  injected = 0;
  #shouldFail: ((collection: CollectionName, method: WriteMethod) => boolean) | null = null;

  constructor(readonly inner: Store) {
    this.kind = inner.kind;
  }

  /** From now on, writes for which `rule` is true fail; null heals the store. */
  failWrites(rule: ((collection: CollectionName, method: WriteMethod) => boolean) | null): void {
    this.#shouldFail = rule;
  }

  collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    return this.#faulty(name, this.inner.collection(name));
  }

  transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R> {
    return this.inner.transaction((session) => work({ collection: (name) => this.#faulty(name, session.collection(name)) }));
  }

  onChange(listener: ChangeListener): () => void {
    return this.inner.onChange(listener);
  }

  onResync(listener: (reason: string) => void): () => void {
    return this.inner.onResync(listener);
  }

  settled(): Promise<void> {
    return this.inner.settled();
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  #faulty<N extends CollectionName>(name: N, collection: Collection<Collections[N]>): Collection<Collections[N]> {
    return new Proxy(collection, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (WRITES.includes(String(property)) && this.#shouldFail?.(name, property as WriteMethod)) {
            this.injected++;
            return Promise.reject(new StoreUnavailableError(`database or disk is full (injected into ${name}.${String(property)})`));
          }
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
}
