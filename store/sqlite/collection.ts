// One collection's operations in SQL. The same class serves the store itself (each write its own
// transaction) and a transaction's session (writes join the open transaction): `access` decides.
import { COLLECTIONS } from '../../models/collections.js';
import type { Catalogue, Condition, ListQuery, ListResult } from '../../query/types.js';
import { isId, newId } from '../ids.js';
import type { BaseDoc, ChangeEvent, ChangeOperation, Collection, CollectionName, EachWrite, FindOptions, NewDoc, Update, WriteOptions } from '../types.js';
import type { Connection } from './connection.js';
import { toStoreError } from './errors.js';
import { purgeExpired } from './expiry.js';
import { tableName } from './schema.js';
import { compileWhere, listStatements, whereSql, type Param } from './where.js';

/** How operations reach the database: which connection, and how writes commit and publish. */
export interface Access {
  read<R>(body: (connection: Connection) => R): Promise<R>;
  /** Runs `body` atomically; the events it collects are published once they are committed. */
  write<R>(body: (connection: Connection, events: ChangeEvent[]) => R): Promise<R>;
}

type Doc = Record<string, unknown>;

const BASE_KEYS = new Set(['id', 'created_at', 'updated_at']);

function withoutBase(doc: object): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !BASE_KEYS.has(key)));
}

function applyUpdate<T>(doc: Doc, { set = {}, inc = {} }: Update<T>): void {
  for (const [key, value] of Object.entries(set)) {
    // JSON has no undefined: an undefined value leaves the property as it is.
    if (value !== undefined && !BASE_KEYS.has(key)) doc[key] = value;
  }
  for (const [key, delta] of Object.entries(inc)) {
    const current = doc[key];
    if (typeof delta === 'number') doc[key] = (typeof current === 'number' ? current : 0) + delta;
  }
}

export class SqliteCollection<T extends BaseDoc> implements Collection<T> {
  private readonly table: string;
  private readonly catalogue: Catalogue;

  constructor(
    private readonly name: CollectionName,
    private readonly access: Access,
    private readonly clock: () => Date,
  ) {
    this.table = tableName(name);
    this.catalogue = COLLECTIONS[name].catalogue;
  }

  async insert(doc: NewDoc<T>): Promise<T> {
    return this.write((connection, events) => {
      const now = this.clock();
      purgeExpired(connection, this.name, now);
      const stamp = now.toISOString();
      const id = typeof doc.id === 'string' && isId(doc.id) ? doc.id : newId(now.getTime());
      const text = JSON.stringify({ id, created_at: stamp, updated_at: stamp, ...withoutBase(doc) });
      connection.run(`INSERT INTO ${this.table} (id, doc) VALUES (?, ?)`, [id, text]);
      events.push(this.event('insert', id, null, text));
      return JSON.parse(text) as T;
    });
  }

  async get(id: string): Promise<T | null> {
    if (!isId(id)) return null;
    return this.read((connection) => connection.docs<T>(`SELECT doc FROM ${this.table} WHERE id = ?`, [id])[0] ?? null);
  }

  async list(query: ListQuery): Promise<ListResult<T>> {
    const { page, count } = listStatements(this.name, query);
    return this.read((connection) =>
      connection.snapshot(() => {
        const results = connection.docs<T>(page.sql, page.params);
        return { results, total_results: this.total(connection, query, results.length, count) };
      }),
    );
  }

  async listIds(query: ListQuery): Promise<{ ids: string[]; total_results: number }> {
    const { ids, count } = listStatements(this.name, query);
    return this.read((connection) =>
      connection.snapshot(() => {
        const found = connection.texts(ids.sql, ids.params);
        return { ids: found, total_results: this.total(connection, query, found.length, count) };
      }),
    );
  }

  /** A page that is not full ends the matches, so the total is known without counting. */
  private total(connection: Connection, { limit, offset = 0 }: ListQuery, shown: number, count: { sql: string; params: Param[] }): number {
    const complete = (limit === undefined || shown < limit) && (shown > 0 || offset === 0);
    return Number(complete ? offset + shown : connection.value(count.sql, count.params));
  }

  async find(filter: Condition[], { sort, limit }: FindOptions = {}): Promise<T[]> {
    const { page } = listStatements(this.name, { filter, sort, limit, offset: 0 });
    return this.read((connection) => connection.docs<T>(page.sql, page.params));
  }

  async update(id: string, update: Update<T>, options: WriteOptions = {}): Promise<T | null> {
    if (!isId(id)) return null;
    return this.write((connection, events) => {
      const before = this.current(connection, id, options.if);
      if (before === null) return null;
      const doc = JSON.parse(before) as Doc;
      applyUpdate(doc, update);
      return this.save(connection, events, before, doc);
    });
  }

  async updateEach(writes: readonly EachWrite<T>[]): Promise<boolean[]> {
    const ids = [...new Set(writes.map((write) => write.id).filter(isId))];
    if (ids.length === 0) return writes.map(() => false);
    return this.write((connection, events) => {
      // Every document in one read; each write's conditions are checked by its own UPDATE, on the
      // stored row, and a later write to the same document starts from the earlier one's result.
      const stored = new Map(connection.pairs(`SELECT id, doc FROM ${this.table} WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)]));
      return writes.map(({ id, update, if: conditions = [] }) => {
        const before = stored.get(id);
        if (before === undefined) return false;
        const doc = JSON.parse(before) as Doc;
        applyUpdate(doc, update);
        const text = this.saved(connection, events, before, doc, conditions);
        if (text === null) return false;
        stored.set(id, text);
        return true;
      });
    });
  }

  async replace(id: string, replacement: Omit<T, keyof BaseDoc>, options: WriteOptions = {}): Promise<T | null> {
    if (!isId(id)) return null;
    return this.write((connection, events) => {
      const before = this.current(connection, id, options.if);
      if (before === null) return null;
      const { created_at } = JSON.parse(before) as BaseDoc;
      return this.save(connection, events, before, { id, created_at, updated_at: created_at, ...withoutBase(replacement) });
    });
  }

  async updateMany(filter: Condition[], update: Update<T>): Promise<number> {
    const clause = compileWhere(this.catalogue, filter);
    return this.write((connection, events) => {
      const matches = connection.texts(`SELECT doc FROM ${this.table}${whereSql(clause)} ORDER BY id`, clause.params);
      for (const before of matches) {
        const doc = JSON.parse(before) as Doc;
        applyUpdate(doc, update);
        this.save(connection, events, before, doc);
      }
      return matches.length;
    });
  }

  async delete(id: string, options: WriteOptions = {}): Promise<T | null> {
    if (!isId(id)) return null;
    return this.write((connection, events) => {
      const before = this.current(connection, id, options.if);
      if (before === null) return null;
      connection.run(`DELETE FROM ${this.table} WHERE id = ?`, [id]);
      events.push(this.event('delete', id, before, null));
      return JSON.parse(before) as T;
    });
  }

  /** The stored JSON of the document when it exists and meets every condition. */
  private current(connection: Connection, id: string, conditions: Condition[] = []): string | null {
    const clause = compileWhere(this.catalogue, [{ field: 'id', op: 'eq', value: id }, ...conditions]);
    return connection.texts(`SELECT doc FROM ${this.table}${whereSql(clause)}`, clause.params)[0] ?? null;
  }

  private save(connection: Connection, events: ChangeEvent[], before: string, doc: Doc): T {
    return JSON.parse(this.saved(connection, events, before, doc) as string) as T;
  }

  /**
   * Writes `doc` (stamped now) over the stored row while that row meets every condition, and
   * records the change; returns the JSON written, or null when a condition failed.
   */
  private saved(connection: Connection, events: ChangeEvent[], before: string, doc: Doc, conditions: Condition[] = []): string | null {
    doc.updated_at = this.clock().toISOString();
    const text = JSON.stringify(doc);
    const id = doc.id as string;
    const where = conditions.length === 0 ? { sql: 'id = ?', params: [id] } : compileWhere(this.catalogue, [{ field: 'id', op: 'eq', value: id }, ...conditions]);
    if (connection.run(`UPDATE ${this.table} SET doc = ?${whereSql(where)}`, [text, ...where.params]) === 0) return null;
    events.push(this.event('update', id, before, text));
    return text;
  }

  /** Events get their own copies: a listener that edits a document cannot touch what callers hold. */
  private event(operation: ChangeOperation, id: string, before: string | null, after: string | null): ChangeEvent {
    return {
      collection: this.name,
      operation,
      id,
      before: before === null ? null : JSON.parse(before),
      after: after === null ? null : JSON.parse(after),
    };
  }

  private async read<R>(body: (connection: Connection) => R): Promise<R> {
    try {
      return await this.access.read(body);
    } catch (error) {
      throw toStoreError(error, this.name);
    }
  }

  private async write<R>(body: (connection: Connection, events: ChangeEvent[]) => R): Promise<R> {
    try {
      return await this.access.write(body);
    } catch (error) {
      throw toStoreError(error, this.name);
    }
  }
}
