// The Store: where documents live. Routes and the domain speak only this interface; the embedded
// SQLite store and the MongoDB store each implement it, and the same contract suite tests both.
import type { Condition, ListQuery, ListResult } from '../query/types.js';
import type { Collections } from '../models/collections.js';

export type CollectionName = keyof Collections;

/** Every stored document carries these; the store assigns them. */
export interface BaseDoc {
  id: string;
  created_at: string;
  updated_at: string;
}

/** What a write may change: `set` assigns, `inc` adds atomically to numeric properties. */
export interface Update<T> {
  set?: Partial<Omit<T, keyof BaseDoc>>;
  inc?: Partial<Record<NumericKeys<T>, number>>;
}

export type NumericKeys<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T];

export interface WriteOptions {
  /** The write happens only while the stored document matches every condition. */
  if?: Condition[];
}

/** One write of `updateEach`: what `update(id, update, { if })` would do. */
export interface EachWrite<T> {
  id: string;
  update: Update<T>;
  if?: Condition[];
}

/** A query for internal use: no 30-item cap, no total. */
export interface FindOptions {
  sort?: ListQuery['sort'];
  limit?: number;
}

/** New documents: the store fills in id (unless given), created_at and updated_at. */
export type NewDoc<T extends BaseDoc> = Omit<T, keyof BaseDoc> & Partial<Pick<T, 'id'>>;

/**
 * Documents a write returns are read-only: the embedded store hands the caller the same frozen
 * object its change listeners get (copy one before changing it). Reads return documents of their own.
 */
export interface Collection<T extends BaseDoc> {
  insert(doc: NewDoc<T>): Promise<T>;
  get(id: string): Promise<T | null>;
  /** What `get` gives for each of `ids` that exists: each document once, in the order of `ids`. */
  getEach(ids: readonly string[]): Promise<T[]>;
  /** A page of matches and the count of all matches (a parsed public list query). */
  list(query: ListQuery): Promise<ListResult<T>>;
  /** What `list` would answer, with the ids of the page's documents instead of the documents. */
  listIds(query: ListQuery): Promise<{ ids: string[]; total_results: number }>;
  find(filter: Condition[], options?: FindOptions): Promise<T[]>;
  /** Applies the update and returns the document after it; null when absent or a condition failed. */
  update(id: string, update: Update<T>, options?: WriteOptions): Promise<T | null>;
  /**
   * Makes several updates in one call, in the order given, each as `update(id, update, { if })`
   * would: one change event per document written; a write whose document is absent or fails a
   * condition changes nothing and the others still happen. Returns, for each write, whether it was
   * made. Inside a transaction they commit or roll back with it.
   */
  updateEach(writes: readonly EachWrite<T>[]): Promise<boolean[]>;
  /** Replaces every non-base property; null when absent or a condition failed. */
  replace(id: string, doc: Omit<T, keyof BaseDoc>, options?: WriteOptions): Promise<T | null>;
  /** Number of documents changed. */
  updateMany(filter: Condition[], update: Update<T>): Promise<number>;
  /** Returns the deleted document; null when absent or a condition failed. */
  delete(id: string, options?: WriteOptions): Promise<T | null>;
}

export interface StoreSession {
  collection<N extends CollectionName>(name: N): Collection<Collections[N]>;
}

export type ChangeOperation = 'insert' | 'update' | 'delete';

/**
 * Emitted once per committed document write, in commit order, after the write is durable.
 * `before` is null for inserts (and where the source has no pre-image); `after` is null for deletes.
 * Every listener gets the same event: its documents are read-only (frozen in the embedded store).
 */
export interface ChangeEvent<N extends CollectionName = CollectionName> {
  collection: N;
  operation: ChangeOperation;
  id: string;
  after: Collections[N] | null;
  before: Collections[N] | null;
  /**
   * Committed before this store opened: a restarted instance catching up on its downtime. Views
   * kept in memory apply it; nothing pushes it to screens, which loaded after it was committed.
   */
  replayed?: boolean;
}

export type ChangeListener = (event: ChangeEvent) => void;

export interface Store extends StoreSession {
  /** 'sqlite' or 'mongodb': for logs and /ready. */
  readonly kind: string;
  /**
   * Resolves once every change committed before the call has reached the change listeners, so a
   * view kept in memory from change events answers as a read of the store would (never behind a
   * write that answered, here or on another instance). The embedded store publishes each commit's
   * events before the write's promise settles: at once. MongoDB: when the change stream has
   * delivered past the cluster's majority-committed time read at the call. Rejects with a
   * StoreUnavailableError when the stream cannot get there in time (a 503, never a stale answer).
   */
  settled(): Promise<void>;
  /**
   * Runs `work` as one atomic unit: every write inside commits together or not at all, and its
   * change events are emitted after the commit. Writes elsewhere never interleave with it.
   */
  transaction<R>(work: (session: StoreSession) => Promise<R>): Promise<R>;
  /** Subscribes to committed changes; returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void;
  /**
   * Subscribes to "changes may have been missed" signals (MongoDB: a change stream that could not
   * resume; the embedded store: another program committed to its file): screens must reload from
   * the REST lists, and whatever was kept in memory from change events must be read again.
   */
  onResync(listener: (reason: string) => void): () => void;
  /**
   * Subscribes to each commit's duration where the store measures it (the embedded store's group
   * commits: the COMMIT and its sync to disk), for /metrics; returns the unsubscribe function.
   */
  onCommit?(listener: (commit: CommitTiming) => void): () => void;
  /**
   * Subscribes to the lag of each change a change stream delivers live (MongoDB: seconds from its
   * commit on the server to its arrival here), for /metrics; returns the unsubscribe function.
   */
  onStreamLag?(listener: (seconds: number) => void): () => void;
  /** Resolves when the store answers; rejects with the reason otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One commit, for /metrics. */
export interface CommitTiming {
  seconds: number;
  failed: boolean;
}

/** A unique index was violated (e.g. a user_name taken, whatever its case). */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly field: string,
  ) {
    super(`duplicate ${field} in ${collection}`);
    this.name = 'DuplicateKeyError';
  }
}

/** The store cannot serve requests now (disk full, read-only, connection lost): a 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
