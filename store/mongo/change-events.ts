// The pure step between a raw change-stream document (MongoDB's wire shape) and the store's
// ChangeEvent, or the signal that screens must reload: nothing here touches a connection.
import type { mongo } from 'mongoose';
import { COLLECTION_NAMES, FOLLOWED_COLLECTIONS } from '../../models/collections.js';
import type { ChangeEvent, CollectionName } from '../types.js';
import { fromMongo, idOf } from './documents.js';

export type RawChangeEvent = mongo.ChangeStreamDocument;
export type ResumeToken = mongo.ResumeToken;

/** Resume tokens are opaque documents ({ _data: hex }); equal when their fields are. */
export const sameToken = (a: ResumeToken, b: ResumeToken): boolean => JSON.stringify(a) === JSON.stringify(b);

export type Normalized =
  | { kind: 'change'; event: ChangeEvent }
  /**
   * Screens must reload: documents vanished without one event each (a dropped or renamed
   * collection: `recreate` names it, to be prepared again), or a change arrived without its document.
   */
  | { kind: 'resync'; reason: string; recreate?: CollectionName }
  /** The server ended the stream; it cannot be resumed, only restarted from now. */
  | { kind: 'invalidate'; reason: string }
  | { kind: 'skip'; reason: string };

const WATCHED: ReadonlySet<string> = new Set(COLLECTION_NAMES);
const isWatched = (coll: string | undefined): coll is CollectionName => coll !== undefined && WATCHED.has(coll);
/** Writes that make change events (the stream's pipeline already leaves the others out). */
const FOLLOWED: ReadonlySet<string> = new Set(FOLLOWED_COLLECTIONS);

type Image = mongo.Document | null | undefined;
const image = (doc: Image) => (doc ? fromMongo<ChangeEvent['after'] & object>(doc) : null);

function change(collection: CollectionName, operation: ChangeEvent['operation'], key: unknown, after: Image, before: Image): Normalized {
  return { kind: 'change', event: { collection, operation, id: idOf(key), after: image(after), before: image(before) } };
}

export function normalize(raw: RawChangeEvent): Normalized {
  switch (raw.operationType) {
    case 'insert':
    case 'update':
    case 'replace':
    case 'delete':
      return normalizeWrite(raw);
    case 'drop':
    case 'rename':
      return isWatched(raw.ns.coll)
        ? {
            kind: 'resync',
            reason: `the ${raw.ns.coll} collection was ${raw.operationType === 'drop' ? 'dropped' : 'renamed'}`,
            recreate: raw.ns.coll,
          }
        : { kind: 'skip', reason: `${raw.operationType} of an unwatched collection` };
    case 'invalidate':
      return {
        kind: 'invalidate',
        reason: 'the change stream was invalidated (a watched collection or the database was dropped or renamed)',
      };
    default:
      // dropDatabase is always followed by invalidate; DDL events only come with showExpandedEvents.
      return { kind: 'skip', reason: `${raw.operationType} events carry no document` };
  }
}

type WriteEvent =
  | mongo.ChangeStreamInsertDocument
  | mongo.ChangeStreamUpdateDocument
  | mongo.ChangeStreamReplaceDocument
  | mongo.ChangeStreamDeleteDocument;

function normalizeWrite(raw: WriteEvent): Normalized {
  const coll = raw.ns.coll;
  if (!isWatched(coll)) return { kind: 'skip', reason: `${coll} is not a watched collection` };
  if (!FOLLOWED.has(coll)) return { kind: 'skip', reason: `${coll} is the API's bookkeeping: its writes make no change event` };
  const key = raw.documentKey._id;
  switch (raw.operationType) {
    case 'insert':
      return change(coll, 'insert', key, raw.fullDocument, null);
    case 'delete':
      // Without a pre-image (images off, or expired) `before` is null: the deleted document is unknown.
      return change(coll, 'delete', key, null, raw.fullDocumentBeforeChange);
    default:
      // No post-image: the document was deleted before it could be looked up (its delete follows),
      // or its image expired or was never written (a collection re-created without images). Which
      // one cannot be told here, and in the second case the screens would keep a stale document.
      if (!raw.fullDocument)
        return { kind: 'resync', reason: `an ${raw.operationType} of ${coll} ${idOf(key)} arrived without the document after it` };
      return change(coll, 'update', key, raw.fullDocument, raw.fullDocumentBeforeChange);
  }
}
