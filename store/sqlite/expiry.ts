// Documents of a collection with `expiresBy` are deleted once their time has passed: as the
// collection is written, at most once a minute, by one DELETE that reads the index on that field.
import { COLLECTIONS } from '../../models/collections.js';
import type { CollectionName } from '../types.js';
import type { Connection } from './connection.js';
import { fieldExpression, tableName } from './schema.js';

export const PURGE_INTERVAL_MS = 60_000;

// Per connection (one per store), per collection: when expired documents were last deleted.
const lastPurge = new WeakMap<Connection, Map<CollectionName, number>>();

/**
 * Deletes the collection's expired documents when a minute has passed since the last time. Runs
 * inside the caller's write, so it commits (or rolls back) with it. Housekeeping, not a change
 * anyone asked for: it emits no change events, as a MongoDB TTL deletion is no client's write either.
 */
export function purgeExpired(connection: Connection, collection: CollectionName, now: Date): void {
  const field = COLLECTIONS[collection].expiresBy;
  if (!field) return;
  let purged = lastPurge.get(connection);
  if (!purged) lastPurge.set(connection, (purged = new Map()));
  const at = now.getTime();
  if (at - (purged.get(collection) ?? -Infinity) < PURGE_INTERVAL_MS) return;
  purged.set(collection, at);
  connection.run(`DELETE FROM ${tableName(collection)} WHERE ${fieldExpression(collection, field)} <= ?`, [now.toISOString()]);
}
