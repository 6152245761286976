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

function schemaFor(collection: CollectionName): mongoose.Schema {
  // Writes go through the driver (see collection.ts), so the schema only carries indexes.
  const schema = new mongoose.Schema({}, { strict: false, versionKey: false, bufferCommands: false, autoIndex: false, autoCreate: false, collection });
  const { indexes, unique, expiresBy } = COLLECTIONS[collection];
  // The expiry field gets a TTL index of its own (TTL indexes have one field): MongoDB then deletes
  // each document once that date has passed, reading the index, never scanning.
  for (const fields of indexes.filter((fields) => fields.join() !== expiresBy)) schema.index(indexKeys(collection, fields));
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
export async function prepareCollections(connection: Connection, models: Partial<MongoModels>, logger: StoreLogger): Promise<{ images: boolean }> {
  let images = true;
  for (const [name, model] of Object.entries(models)) {
    await model.createCollection();
    await model.createIndexes();
    await dropRetiredIndexes(name as CollectionName, model);
    try {
      await connection.db!.command({ collMod: name, changeStreamPreAndPostImages: { enabled: true } });
    } catch (error) {
      images = false;
      logger.warn({ err: error, collection: name }, 'cannot enable change-stream pre- and post-images; deleted documents will reach listeners without `before`');
    }
  }
  return { images };
}
