// Opens the process's one change stream: a database-level watch narrowed to the writes of the
// collections the server follows, with the images the collections were prepared for.
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

export function watchOptions(images: boolean): mongo.ChangeStreamOptions {
  const imageOptions: mongo.ChangeStreamOptions = images
    ? { fullDocument: 'whenAvailable', fullDocumentBeforeChange: 'whenAvailable' }
    : { fullDocument: 'updateLookup', fullDocumentBeforeChange: 'off' };
  return { ...imageOptions, batchSize: BATCH_SIZE };
}

/**
 * Just after the newest write: a first stream starts there rather than whenever its cursor gets
 * created, so a write made right after the store opened is never missed, and none before is sent.
 */
async function clusterNow(db: mongo.Db): Promise<mongo.Timestamp | undefined> {
  const reply = await db.command({ hello: 1 });
  const time: unknown = reply.lastWrite?.opTime?.ts ?? reply.operationTime;
  return time instanceof Timestamp ? new Timestamp({ t: time.t, i: time.i + 1 }) : undefined;
}

/** The cluster's last write now: events committed up to it were made before this moment. */
export async function lastWriteTime(db: mongo.Db): Promise<{ t: number; i: number } | undefined> {
  const reply = await db.command({ hello: 1 });
  const time: unknown = reply.lastWrite?.opTime?.ts ?? reply.operationTime;
  return time instanceof Timestamp ? { t: time.t, i: time.i } : undefined;
}

export function mongoOpener(db: mongo.Db, images: boolean): ChangeStreamOpener {
  return async ({ startAfter }) => {
    const startAtOperationTime = startAfter ? undefined : await clusterNow(db);
    const from = startAfter ? { startAfter } : startAtOperationTime ? { startAtOperationTime } : {};
    return db.watch(WATCH_PIPELINE, { ...watchOptions(images), ...from });
  };
}
