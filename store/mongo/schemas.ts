// The mongoose models, derived from the one description both stores read (models/collections.ts):
// no paths are declared twice, only the indexes, and the collections are prepared for change
// streams with pre- and post-images.
import mongoose, { type Connection } from 'mongoose';
import { COLLECTION_NAMES, COLLECTIONS } from '../../models/collections.js';
import type { CollectionName } from '../types.js';
import { pathOf } from './filter.js';
import type { StoreLogger } from '../logger.js';

export type MongoModel = ReturnType<typeof modelFor>;
export type MongoModels = Record<CollectionName, MongoModel>;

/** Case-insensitive, accent-sensitive: "Ana" and "ana" collide, "Ana" and "Aña" do not. */
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

function path(collection: CollectionName, field: string): string {
  const spec = COLLECTIONS[collection].catalogue[field];
  return spec ? pathOf(field, spec) : field;
}

/** The keys of the index on `fields`: ending with _id serves every list's tie-break ("then id ascending"). */
function indexKeys(collection: CollectionName, fields: readonly string[]): Record<string, 1> {
  return Object.fromEntries([...fields.map((field) => path(collection, field)), '_id'].map((key) => [key, 1 as const]));
}

/**
 * Collections whose every sortable field gets an index {field: 1, _id: 1} in MongoDB, beside the
 * ones models/collections.ts lists: a page of orders sorted by any field is read from an index,
 * walked forwards or backwards, never sorted in memory, whatever the history holds. (The embedded
 * store keeps only the listed indexes: each one costs every order write a JSON expression.)
 */
const SORT_INDEXED: readonly CollectionName[] = ['orders'];

/** The keys of every index built for `collection`, sort indexes included. */
function indexedFields(collection: CollectionName): string[][] {
  const { indexes, catalogue, expiresBy } = COLLECTIONS[collection];
  const listed = indexes.filter((fields) => fields.join() !== expiresBy);
  if (!SORT_INDEXED.includes(collection)) return listed;
  const sortable = Object.entries(catalogue).filter(([field, spec]) => spec.sortable && field !== 'id' && !spec.array);
  const missing = sortable
    .map(([field]) => [field])
    .filter(([field]) => !listed.some((fields) => fields.length === 1 && fields[0] === field));
  return [...listed, ...missing];
}

/** The index that serves `sort` ({field: ±1, _id: ±1}, or _id alone) as a hint, or null when none was built. */
export function sortIndexHint(collection: CollectionName, sort: Record<string, 1 | -1>): Record<string, 1> | null {
  const keys = Object.keys(sort);
  if (keys.length === 1 && keys[0] === '_id') return { _id: 1 };
  const built = indexedFields(collection).map((fields) => Object.keys(indexKeys(collection, fields)).join());
  return built.includes(keys.join()) ? Object.fromEntries(keys.map((key) => [key, 1 as const])) : null;
}

function schemaFor(collection: CollectionName): mongoose.Schema {
  // Writes go through the driver (see collection.ts), so the schema only carries indexes.
  const schema = new mongoose.Schema(
    {},
    { strict: false, versionKey: false, bufferCommands: false, autoIndex: false, autoCreate: false, collection },
  );
  const { unique, expiresBy } = COLLECTIONS[collection];
  // The expiry field gets a TTL index of its own (TTL indexes have one field): MongoDB then deletes
  // each document once that date has passed, reading the index, never scanning.
  for (const fields of indexedFields(collection)) schema.index(indexKeys(collection, fields));
  if (expiresBy) schema.index({ [expiresBy]: 1 }, { expireAfterSeconds: 0 });
  for (const { field, caseInsensitive } of unique) {
    schema.index({ [path(collection, field)]: 1 }, { unique: true, ...(caseInsensitive ? { collation: CASE_INSENSITIVE } : {}) });
  }
  return schema;
}

function modelFor(connection: Connection, name: CollectionName) {
  return connection.model(name, schemaFor(name), name);
}

export function defineModels(connection: Connection): MongoModels {
  const entries = COLLECTION_NAMES.map((name) => [name, modelFor(connection, name)] as const);
  return Object.fromEntries(entries) as MongoModels;
}

/** The index (27) or its collection (26) is already gone: another instance starting at the same time dropped it. */
const ALREADY_GONE = new Set([26, 27]);

/** Drops the indexes models/collections.ts lists as retired (built by earlier versions), if present. */
async function dropRetiredIndexes(collection: CollectionName, model: MongoModel): Promise<void> {
  const retired = (COLLECTIONS[collection].retired ?? []).map((fields) => JSON.stringify(indexKeys(collection, fields)));
  if (retired.length === 0) return;
  for (const index of await model.collection.indexes()) {
    if (!index.name || !retired.includes(JSON.stringify(index.key))) continue;
    await model.collection.dropIndex(index.name).catch((error: unknown) => {
      if (!ALREADY_GONE.has((error as { code?: number }).code ?? 0)) throw error;
    });
  }
}

/**
 * Creates missing collections and indexes (and drops retired ones), and turns on pre- and post-images (MongoDB 6+), so
 * change events carry the document before and after each write. Returns whether images are on:
 * without them (older server, or no collMod right) the stream falls back to looking documents up.
 */
export async function prepareCollections(
  connection: Connection,
  models: Partial<MongoModels>,
  logger: StoreLogger,
): Promise<{ images: boolean }> {
  let images = true;
  for (const [name, model] of Object.entries(models)) {
    await model.createCollection();
    await model.createIndexes();
    await dropRetiredIndexes(name as CollectionName, model);
    try {
      await connection.db!.command({ collMod: name, changeStreamPreAndPostImages: { enabled: true } });
    } catch (error) {
      images = false;
      logger.warn(
        { err: error, collection: name },
        'cannot enable change-stream pre- and post-images; deleted documents will reach listeners without `before`',
      );
    }
  }
  return { images };
}
