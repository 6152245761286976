// Turns SQLite failures into the store's errors: a unique index → DuplicateKeyError, a database
// that cannot serve now (disk full, read-only, I/O, locked too long) → StoreUnavailableError.
import Database from 'better-sqlite3';
import { COLLECTIONS } from '../../models/collections.js';
import { DuplicateKeyError, StoreUnavailableError, type CollectionName } from '../types.js';
import { uniqueIndexName } from './schema.js';

const UNAVAILABLE = /^SQLITE_(FULL|READONLY|IOERR|BUSY|CANTOPEN)/;

export function toStoreError(error: unknown, collection?: CollectionName): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  if (collection && (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')) {
    return new DuplicateKeyError(collection, violatedField(collection, error.message));
  }
  if (UNAVAILABLE.test(error.code)) {
    return new StoreUnavailableError(`the database cannot serve requests now: ${error.message} (${error.code})`, { cause: error });
  }
  return error;
}

/**
 * SQLite names an expression index ("index 'users__unique__user_name_folded'") or, for an index on
 * columns, the columns ("upgrades.name", "users.id").
 */
function violatedField(collection: CollectionName, message: string): string {
  const unique = COLLECTIONS[collection].unique.find(
    (index) => message.includes(`'${uniqueIndexName(collection, index)}'`) || message.endsWith(`: ${collection}.${index.field}`),
  );
  return unique?.field ?? 'id';
}

export const closedError = () => new StoreUnavailableError('the store is closed');
