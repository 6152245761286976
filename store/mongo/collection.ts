// One collection of the MongoDB store: the Store's Collection operations as single atomic
// MongoDB commands, optionally bound to a transaction's session.
import mongoose, { type mongo } from 'mongoose';
import { COLLECTIONS } from '../../models/collections.js';
import type { Catalogue, Condition, ListQuery, ListResult } from '../../query/types.js';
import { newId } from '../ids.js';
import {
  StoreUnavailableError,
  type BaseDoc,
  type Collection,
  type CollectionName,
  type EachWrite,
  type FindOptions,
  type NewDoc,
  type Update,
  type WriteOptions,
} from '../types.js';
import { defined, fromMongo, toMongoId } from './documents.js';
import { toDuplicateError, toStoreError } from './errors.js';
import { MatchCounts } from './counts.js';
import { compileFilter, compileSort, type MongoSort } from './filter.js';
import { sortIndexHint } from './schemas.js';

export interface CollectionContext {
  clock: () => Date;
  /** Set inside `store.transaction`: every command then joins the transaction. */
  session?: mongo.ClientSession;
  /** True once the store is closed: commands are refused rather than sent to a closed client. */
  closed?: () => boolean;
  /** Filtered lists' match counts kept between changes (outside transactions). */
  counts?: MatchCounts;
}

type Filter = mongo.Filter<mongo.Document>;

/**
 * The number of matches when the page itself shows it: a page that is not full ends at the last
 * match, so it is the offset plus the page (unless the page is empty past the start: the offset may
 * overshoot). Otherwise null, and the matches are counted (an index scan at best, never free).
 */
function pageTotal({ offset, limit }: ListQuery, shown: number): number | null {
  const lastPage = limit === undefined || shown < limit;
  return lastPage && (shown > 0 || offset === 0) && limit !== 0 ? offset + shown : null;
}

export class MongoCollection<T extends BaseDoc> implements Collection<T> {
  private readonly catalogue: Catalogue;

  constructor(
    private readonly name: CollectionName,
    private readonly raw: mongo.Collection,
    private readonly context: CollectionContext,
  ) {
    this.catalogue = COLLECTIONS[name].catalogue;
  }

  insert(doc: NewDoc<T>): Promise<T> {
    return this.write(async () => {
      const now = this.context.clock();
      const { id = newId(now.getTime()), ...rest } = doc as NewDoc<T> & { id?: string };
      const stored = { ...defined(rest), created_at: now.toISOString(), updated_at: now.toISOString() };
      const { expiresBy } = COLLECTIONS[this.name];
      // A TTL index only deletes BSON dates; reading turns the date back into the ISO string.
      const expiry = expiresBy ? (stored as Record<string, unknown>)[expiresBy] : undefined;
      const bson = expiresBy && typeof expiry === 'string' ? { [expiresBy]: new Date(expiry) } : {};
      await this.raw.insertOne({ _id: toMongoId(id), ...stored, ...bson } as mongo.OptionalId<mongo.Document>, this.options);
      return { id, ...stored } as unknown as T;
    });
  }

  get(id: string): Promise<T | null> {
    return this.run(async () => this.publicOrNull(await this.raw.findOne(this.target(id, {}), this.options)));
  }

  getEach(ids: readonly string[]): Promise<T[]> {
    const wanted = [...new Set(ids)];
    return this.run(async () => {
      if (wanted.length === 0) return [];
      // In the order asked, so no sort.
      const found = await this.read({ _id: { $in: wanted.map(toMongoId) } } as Filter, {}, 0, undefined);
      const byId = new Map(found.map((doc) => [doc.id, doc]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    });
  }

  list(query: ListQuery): Promise<ListResult<T>> {
    return this.run(async () => {
      const filter = this.filter(query.filter);
      // One after the other: a transaction's session must not run two commands at once.
      const results = await this.read(filter, compileSort(this.catalogue, query.sort), query.offset, query.limit);
      return { results, total_results: pageTotal(query, results.length) ?? (await this.total(filter)) };
    });
  }

  listIds(query: ListQuery): Promise<{ ids: string[]; total_results: number }> {
    return this.run(async () => {
      const filter = this.filter(query.filter);
      const sort = compileSort(this.catalogue, query.sort);
      const ids =
        query.limit === 0
          ? []
          : await this.raw
              .find(filter, {
                ...this.options,
                sort,
                ...this.hint(filter, sort),
                skip: query.offset,
                projection: { _id: 1 },
                ...(query.limit === undefined ? {} : { limit: query.limit }),
              })
              .toArray();
      const page = ids.map((doc) => fromMongo<BaseDoc>(doc).id);
      return { ids: page, total_results: pageTotal(query, page.length) ?? (await this.total(filter)) };
    });
  }

  find(filter: Condition[], options: FindOptions = {}): Promise<T[]> {
    return this.run(() => this.read(this.filter(filter), compileSort(this.catalogue, options.sort), 0, options.limit));
  }

  update(id: string, update: Update<T>, options: WriteOptions = {}): Promise<T | null> {
    return this.write(async () => {
      const after = await this.raw.findOneAndUpdate(this.target(id, options), this.changes(update), {
        ...this.options,
        returnDocument: 'after',
      });
      return this.publicOrNull(after);
    });
  }

  updateEach(writes: readonly EachWrite<T>[]): Promise<boolean[]> {
    return this.write(async () => {
      const made: boolean[] = [];
      // One command at a time, in order: a transaction's session must not run two at once, and a
      // later write to the same document must see the earlier one.
      for (const { id, update, if: conditions } of writes) {
        const result = await this.raw.updateOne(this.target(id, { if: conditions }), this.changes(update), this.options);
        made.push(result.matchedCount > 0);
      }
      return made;
    });
  }

  replace(id: string, doc: Omit<T, keyof BaseDoc>, options: WriteOptions = {}): Promise<T | null> {
    return this.write(async () => {
      const { id: _ignored, _id, created_at: _created, updated_at: _updated, ...fields } = doc as Record<string, unknown>;
      // A pipeline keeps _id and created_at in the same atomic command; $literal keeps data from being read as expressions.
      const kept = { _id: '$_id', created_at: '$created_at', updated_at: { $literal: this.now() } };
      const pipeline = [{ $replaceWith: { $mergeObjects: [{ $literal: defined(fields) }, kept] } }];
      const after = await this.raw.findOneAndUpdate(this.target(id, options), pipeline, { ...this.options, returnDocument: 'after' });
      return this.publicOrNull(after);
    });
  }

  updateMany(filter: Condition[], update: Update<T>): Promise<number> {
    // Matched, not modified: a write that leaves values as they were still counts, as in SQLite.
    return this.write(async () => (await this.raw.updateMany(this.filter(filter), this.changes(update), this.options)).matchedCount);
  }

  delete(id: string, options: WriteOptions = {}): Promise<T | null> {
    return this.write(async () => this.publicOrNull(await this.raw.findOneAndDelete(this.target(id, options), this.options)));
  }

  private async read(filter: Filter, sort: MongoSort, skip: number, limit: number | undefined): Promise<T[]> {
    if (limit === 0) return [];
    const docs = await this.raw
      .find(filter, { ...this.options, sort, ...this.hint(filter, sort), skip, ...(limit === undefined ? {} : { limit }) })
      .toArray();
    return docs.map((doc) => fromMongo<T>(doc));
  }

  /**
   * An unfiltered list walks the index of its sort (forwards or backwards) and stops after the
   * page: the hint keeps the planner from choosing a collection scan and a sort in memory. With a
   * filter the planner chooses between the filter's index and the sort's.
   */
  private hint(filter: Filter, sort: MongoSort): { hint?: Record<string, 1> } {
    const hint = Object.keys(filter).length === 0 ? sortIndexHint(this.name, sort) : null;
    return hint ? { hint } : {};
  }

  /**
   * All the matches of a list whose page does not show them. Unfiltered: the collection's own count
   * (its metadata, no scan). Filtered: counted once, then kept until the collection changes. In a
   * transaction: counted, in its snapshot.
   */
  private total(filter: Filter): Promise<number> {
    const { counts, session } = this.context;
    if (session || !counts) return this.raw.countDocuments(filter, this.options);
    if (Object.keys(filter).length === 0) return this.raw.estimatedDocumentCount();
    return counts.count(this.name, mongoose.mongo.BSON.EJSON.stringify(filter, { relaxed: false }), () => this.raw.countDocuments(filter));
  }

  /** Writes forget the kept counts of their collection before they are sent. */
  private write<R>(operation: () => Promise<R>): Promise<R> {
    this.context.counts?.forget(this.name);
    return this.run(operation);
  }

  private filter(conditions: readonly Condition[]): Filter {
    return compileFilter(this.catalogue, conditions) as Filter;
  }

  /** The document with this id, while it matches every condition of `if`. */
  private target(id: string, { if: conditions = [] }: WriteOptions): Filter {
    return { _id: toMongoId(id), ...compileFilter(this.catalogue, conditions) } as Filter;
  }

  private changes({ set = {}, inc = {} }: Update<T>): mongo.UpdateFilter<mongo.Document> {
    const { id: _id, created_at: _created, updated_at: _updated, ...fields } = set as Record<string, unknown>;
    const increments = defined(inc) as Record<string, number>;
    const $set = { ...defined(fields), updated_at: this.now() };
    return Object.keys(increments).length > 0 ? { $set, $inc: increments } : { $set };
  }

  private publicOrNull(doc: mongo.Document | null): T | null {
    return doc ? fromMongo<T>(doc) : null;
  }

  private now(): string {
    return this.context.clock().toISOString();
  }

  private get options(): { session?: mongo.ClientSession } {
    return this.context.session ? { session: this.context.session } : {};
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    if (this.context.closed?.()) throw new StoreUnavailableError('the store is closed');
    try {
      return await operation();
    } catch (error) {
      throw this.context.session ? toDuplicateError(error, this.name) : toStoreError(error, this.name);
    }
  }
}
