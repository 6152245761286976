// Opens the process's one change stream: a database-level watch narrowed to the writes of the
// collections the server follows, with the images the collections were prepared for.
import type { ClusterTime } from './settle-point.js';
import mongoose, { type mongo } from 'mongoose';
import { COLLECTION_NAMES, FOLLOWED_COLLECTIONS } from '../../models/collections.js';
import type { ChangeStreamOpener } from './stream-handle.js';

const { Timestamp } = mongoose.mongo;

/**
 * Our writes and the manager's mongosh writes alike, to the collections whose changes are followed
 * (not the API's bookkeeping: an order's idempotency record stays off the stream); a drop or
 * rename of any store collection, so it is prepared again; invalidate, to be handled.
 */
export const WATCH_PIPELINE = [
  {
    $match: {
      $or: [
        { 'ns.coll': { $in: FOLLOWED_COLLECTIONS } },
        { operationType: { $in: ['drop', 'rename'] }, 'ns.coll': { $in: COLLECTION_NAMES } },
        { operationType: 'invalidate' },
      ],
    },
  },
];

/**
 * Documents per batch. Without it a resumed stream's first batch (the aggregate's) stops at 101
 * documents and can end inside a transaction, whose rest then comes in the next batch, after the
 * change source has handed the first part on as a commit of its own (see transaction-groups.ts).
 * Batches stay bounded by MongoDB's 16 MiB reply either way.
 */
export const BATCH_SIZE = 10_000;

/**
 * How long a getMore waits on a quiet server before answering with an empty batch (the server's
 * default is 1 s). Its postBatchResumeToken is what tells store.settled() that the stream has passed
 * a write it does not follow (a saved resume token, an idempotency record), so this bounds how long
 * a view's read can wait after one: a fifth of a second, at five small getMores a second.
 */
export const MAX_AWAIT_MS = 200;

export function watchOptions(images: boolean): mongo.ChangeStreamOptions {
  const imageOptions: mongo.ChangeStreamOptions = images
    ? { fullDocument: 'whenAvailable', fullDocumentBeforeChange: 'whenAvailable' }
    : { fullDocument: 'updateLookup', fullDocumentBeforeChange: 'off' };
  return { ...imageOptions, batchSize: BATCH_SIZE, maxAwaitTimeMS: MAX_AWAIT_MS };
}

/**
 * A write time `hello` reports: the newest write a majority holds (`majority`; a member that does
 * not report it gives its last write), else the newest write.
 */
async function helloWriteTime(db: mongo.Db, majority: boolean): Promise<ClusterTime | undefined> {
  const reply = await db.command({ hello: 1 });
  const time: unknown = (majority ? reply.lastWrite?.majorityOpTime?.ts : undefined) ?? reply.lastWrite?.opTime?.ts ?? reply.operationTime;
  return time instanceof Timestamp ? { t: time.t, i: time.i } : undefined;
}

/**
 * Just after the newest write: a first stream starts there rather than whenever its cursor gets
 * created, so a write made right after the store opened is never missed, and none before is sent.
 */
async function clusterNow(db: mongo.Db): Promise<mongo.Timestamp | undefined> {
  const time = await lastWriteTime(db);
  return time ? new Timestamp({ t: time.t, i: time.i + 1 }) : undefined;
}

/**
 * The newest write a majority holds now (a member that does not report it: its last write): every
 * write acknowledged before this call is at or before it, and the change stream, which hands out
 * majority-committed changes only, will pass it.
 */
export function majorityWriteTime(db: mongo.Db): Promise<ClusterTime | undefined> {
  return helloWriteTime(db, true);
}

/** The cluster's last write now: events committed up to it were made before this moment. */
export function lastWriteTime(db: mongo.Db): Promise<ClusterTime | undefined> {
  return helloWriteTime(db, false);
}

export function mongoOpener(db: mongo.Db, images: boolean): ChangeStreamOpener {
  return async ({ startAfter }) => {
    const startAtOperationTime = startAfter ? undefined : await clusterNow(db);
    const from = startAfter ? { startAfter } : startAtOperationTime ? { startAtOperationTime } : {};
    return db.watch(WATCH_PIPELINE, { ...watchOptions(images), ...from });
  };
}
