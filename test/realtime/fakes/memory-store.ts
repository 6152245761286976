// A small in-memory Store for the realtime tests: just enough of the contract (writes, id/array
// filters, transactions that emit their change events together after commit).
import type { Collections } from '../../../models/collections.js';
import type { Condition, ListQuery, ListResult } from '../../../query/types.js';
import type {
  BaseDoc,
  ChangeEvent,
  ChangeListener,
  Collection,
  CollectionName,
  EachWrite,
  NewDoc,
  Store,
  StoreSession,
  Update,
} from '../../../store/types.js';

let lastId = 0;
export const newId = () => (++lastId).toString(16).padStart(24, '0');

function valuesAt(doc: unknown, path: string[]): unknown[] {
  if (path.length === 0) return Array.isArray(doc) ? doc : [doc];
  if (Array.isArray(doc)) return doc.flatMap((item) => valuesAt(item, path));
  const [head, ...rest] = path;
  return doc && typeof doc === 'object' && head ? valuesAt((doc as Record<string, unknown>)[head], rest) : [];
}

function matches(doc: unknown, { field, op, value }: Condition): boolean {
  const values = valuesAt(doc, field.split('.'));
  const list = Array.isArray(value) ? value : [value];
  if (op === 'eq' || op === 'in') return values.some((v) => list.includes(v as never));
  if (op === 'nin') return !values.some((v) => list.includes(v as never));
  if (op === 'lte') return values.some((v) => (v as number) <= (value as number));
  if (op === 'lt') return values.some((v) => (v as number) < (value as number));
  if (op === 'gte') return values.some((v) => (v as number) >= (value as number));
  if (op === 'gt') return values.some((v) => (v as number) > (value as number));
  throw new Error(`memory store: op ${op} not supported`);
}

class MemoryCollection<T extends BaseDoc> implements Collection<T> {
  readonly docs = new Map<string, T>();
  constructor(
    readonly name: CollectionName,
    private readonly emit: (event: ChangeEvent) => void,
  ) {}

  async insert(doc: NewDoc<T>): Promise<T> {
    const now = new Date().toISOString();
    const stored = { ...doc, id: doc.id ?? newId(), created_at: now, updated_at: now } as unknown as T;
    this.docs.set(stored.id, stored);
    this.emit({ collection: this.name, operation: 'insert', id: stored.id, before: null, after: structuredClone(stored) } as ChangeEvent);
    return structuredClone(stored);
  }
  async get(id: string) {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }
  async getEach(ids: readonly string[]): Promise<T[]> {
    return [...new Set(ids)].flatMap((id) => (this.docs.has(id) ? [structuredClone(this.docs.get(id) as T)] : []));
  }
  async list(query: ListQuery): Promise<ListResult<T>> {
    const results = await this.find(query.filter);
    return { results, total_results: results.length };
  }
  async listIds(query: ListQuery): Promise<{ ids: string[]; total_results: number }> {
    const { results, total_results } = await this.list(query);
    return { ids: results.map((doc) => doc.id), total_results };
  }
  async find(filter: Condition[]): Promise<T[]> {
    return [...this.docs.values()].filter((doc) => filter.every((c) => matches(doc, c))).map((doc) => structuredClone(doc));
  }
  async update(id: string, update: Update<T>): Promise<T | null> {
    const before = this.docs.get(id);
    if (!before) return null;
    const after = { ...before, ...update.set, updated_at: new Date().toISOString() } as unknown as Record<string, unknown>;
    for (const [key, delta] of Object.entries(update.inc ?? {})) after[key] = (after[key] as number) + (delta as number);
    this.docs.set(id, after as unknown as T);
    this.emit({
      collection: this.name,
      operation: 'update',
      id,
      before: structuredClone(before),
      after: structuredClone(after),
    } as ChangeEvent);
    return structuredClone(after) as unknown as T;
  }
  async updateEach(writes: readonly EachWrite<T>[]): Promise<boolean[]> {
    const made: boolean[] = [];
    for (const { id, update, if: conditions = [] } of writes) {
      const doc = this.docs.get(id);
      made.push(doc !== undefined && conditions.every((condition) => matches(doc, condition)) && (await this.update(id, update)) !== null);
    }
    return made;
  }
  async replace(id: string, doc: Omit<T, keyof BaseDoc>): Promise<T | null> {
    return this.update(id, { set: doc as Update<T>['set'] });
  }
  async updateMany(): Promise<number> {
    throw new Error('memory store: updateMany not supported');
  }
  async delete(id: string): Promise<T | null> {
    const before = this.docs.get(id);
    if (!before) return null;
    this.docs.delete(id);
    this.emit({ collection: this.name, operation: 'delete', id, before: structuredClone(before), after: null } as ChangeEvent);
    return structuredClone(before);
  }
}

export class MemoryStore implements Store {
  readonly kind = 'memory';
  readonly #changeListeners = new Set<ChangeListener>();
  readonly #resyncListeners = new Set<(reason: string) => void>();
  #pending: ChangeEvent[] | null = null;
  readonly #collections = new Map<CollectionName, MemoryCollection<BaseDoc>>();

  collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = new MemoryCollection(name, (event) => this.#record(event));
      this.#collections.set(name, collection);
    }
    return collection as unknown as Collection<Collections[N]>;
  }

  /** Writes inside run together and emit their events in one synchronous burst afterwards. */
  async transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R> {
    this.#pending = [];
    try {
      const result = await work(this);
      const events = this.#pending;
      this.#pending = null;
      events.forEach((event) => this.#changeListeners.forEach((listener) => listener(event)));
      return result;
    } finally {
      this.#pending = null;
    }
  }

  onChange(listener: ChangeListener) {
    this.#changeListeners.add(listener);
    return () => void this.#changeListeners.delete(listener);
  }
  onResync(listener: (reason: string) => void) {
    this.#resyncListeners.add(listener);
    return () => void this.#resyncListeners.delete(listener);
  }
  /** Test hook: an event as a source with no pre-images (MongoDB without images) would emit it. */
  emitChange(event: ChangeEvent): void {
    this.#record(event);
  }
  /** Test hook: what a change stream that could not resume would signal. */
  signalResync(reason: string): void {
    this.#resyncListeners.forEach((listener) => listener(reason));
  }
  /** Events go out as each write commits, before it answers. */
  async settled() {}

  async ping() {}
  async close() {}

  #record(event: ChangeEvent): void {
    if (this.#pending) this.#pending.push(event);
    else this.#changeListeners.forEach((listener) => listener(event));
  }
}
