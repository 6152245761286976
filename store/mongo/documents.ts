// Documents between their stored form (`_id`, BSON values) and the store's public form (`id`,
// plain JSON values). Reading converts whatever another program may have written.
import mongoose from 'mongoose';
import { isId } from '../ids.js';

const { ObjectId } = mongoose.mongo;

export type MongoId = InstanceType<typeof ObjectId> | string;
export type StoredDoc = { _id: MongoId } & Record<string, unknown>;

/** Ids the store hands out are ObjectIds; any other string is kept as a string, so it never matches one. */
export function toMongoId(id: string): MongoId {
  return isId(id) ? new ObjectId(id) : id;
}

/** A manager's mongosh insert gets an ObjectId `_id`; either way the public id is its string form. */
export function idOf(value: unknown): string {
  return value instanceof ObjectId ? value.toHexString() : String(value);
}

/** ObjectIds become hex strings and Dates ISO strings, at any depth. */
export function plain(value: unknown): unknown {
  if (value instanceof ObjectId) return value.toHexString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

/** The public document: `id` first, then every stored property but `_id`. */
export function fromMongo<T>(doc: Record<string, unknown>): T {
  const { _id, ...rest } = doc;
  return { id: idOf(_id), ...(plain(rest) as object) } as T;
}

/** Properties set to undefined are left out rather than stored as null. */
export function defined(values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
