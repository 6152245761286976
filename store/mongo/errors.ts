// Turns MongoDB failures into the store's errors: E11000 → DuplicateKeyError, a lost or
// unreachable server → StoreUnavailableError. Anything else is a bug and passes through.
import mongoose from 'mongoose';
import { DuplicateKeyError, StoreUnavailableError } from '../types.js';

const { MongoError, MongoServerError } = mongoose.mongo;

/**
 * Server states that mean "no primary to serve this now" (a step-down, a shutdown, a recovering
 * node), and transaction failures that a later retry may not meet: WriteConcernFailed (64, no
 * majority in time), an exhausted WriteConflict (112), NoSuchTransaction (251).
 */
const UNAVAILABLE_CODES = new Set([6, 7, 64, 89, 91, 112, 189, 251, 9001, 10107, 11600, 11602, 13435, 13436]);
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
  'MongoClientClosedError',
  'MongooseServerSelectionError',
]);

export function isDuplicateKey(error: unknown): error is InstanceType<typeof MongoServerError> {
  return error instanceof MongoServerError && error.code === 11000;
}

/** E11000 names the violated index's keys; `_id` is the public id. */
function duplicateField(error: InstanceType<typeof MongoServerError>): string {
  const keys = Object.keys(
    (error.keyPattern as Record<string, unknown> | undefined) ?? (error.keyValue as Record<string, unknown> | undefined) ?? {},
  );
  const field = keys[0] ?? /index: (\w+?)_-?1/.exec(error.message)?.[1] ?? 'id';
  return field === '_id' ? 'id' : field;
}

export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  return error instanceof MongoError && typeof error.code === 'number' && UNAVAILABLE_CODES.has(error.code);
}

/** Only duplicates: inside a transaction the driver must still see transient errors to retry them. */
export function toDuplicateError(error: unknown, collection: string): unknown {
  return isDuplicateKey(error) ? new DuplicateKeyError(collection, duplicateField(error)) : error;
}

export function toStoreError(error: unknown, collection?: string): unknown {
  if (collection && isDuplicateKey(error)) return toDuplicateError(error, collection);
  if (isUnavailable(error)) {
    return new StoreUnavailableError(`MongoDB cannot serve requests now: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

/** For logs and health: the server's code name and number first (which failure), then the message (why). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const { code, codeName } = (error ?? {}) as { code?: unknown; codeName?: unknown };
  return typeof code === 'number' ? `${typeof codeName === 'string' ? `${codeName} ` : ''}code ${code}: ${text}` : text;
}

/**
 * The stream cannot continue from its resume token: the oplog no longer holds it (286, or 280 on
 * older servers), the token is not valid here (260), or the capped oplog moved under it (136).
 */
const HISTORY_LOST_CODES = new Set([136, 260, 280, 286]);

export function isHistoryLost(error: unknown): boolean {
  return error instanceof MongoError && typeof error.code === 'number' && HISTORY_LOST_CODES.has(error.code);
}
