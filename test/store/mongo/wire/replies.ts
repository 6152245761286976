// Server replies as a MongoDB 7.0 single-node replica set sends them, field for field: the
// handshake, change-stream cursors (first and next batches, each with its postBatchResumeToken),
// and the errors that end or interrupt a change stream, with their real codes and labels.
import mongoose from 'mongoose';
import type { Document } from './protocol.js';

const { Long, Timestamp } = mongoose.mongo;

export const CLUSTER_TIME = new Timestamp({ t: 1_732_300_000, i: 7 });
/** The namespace a database-level aggregate's cursor lives in. */
export const AGGREGATE_NS = 'pos.$cmd.aggregate';
export const CURSOR_ID = Long.fromNumber(7_340_032_117);

/** `lastWrite`: the member's newest write, and the majority's (MongoDB's store.settled() waits for it). */
export function helloReply(host: string, lastWrite: InstanceType<typeof Timestamp> = CLUSTER_TIME): Document {
  return {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    setName: 'rs0',
    setVersion: 1,
    hosts: [host],
    primary: host,
    me: host,
    secondary: false,
    electionId: new mongoose.mongo.ObjectId('7fffffff0000000000000001'),
    lastWrite: {
      opTime: { ts: lastWrite, t: Long.fromNumber(1) },
      lastWriteDate: new Date(1_732_300_000_000),
      majorityOpTime: { ts: lastWrite, t: Long.fromNumber(1) },
    },
    maxBsonObjectSize: 16_777_216,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: 1,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
    operationTime: CLUSTER_TIME,
  };
}

/** A resume token as the server writes one: an opaque hex KeyString; `n` orders them. */
export const token = (n: number): Document => ({ _data: `8267410A${n.toString(16).padStart(8, '0').toUpperCase()}000000012B0429296E1404` });

/** The answer to the change stream's aggregate: usually an empty first batch and where it stands. */
export function firstBatch(postBatchResumeToken: Document, documents: Document[] = [], id = CURSOR_ID): Document {
  return { cursor: { firstBatch: documents, postBatchResumeToken, id, ns: AGGREGATE_NS }, ok: 1, operationTime: CLUSTER_TIME };
}

/** The answer to a getMore; an empty batch is what a quiet server sends after maxAwaitTimeMS. */
export function nextBatch(postBatchResumeToken: Document, documents: Document[] = [], id = CURSOR_ID): Document {
  return { cursor: { nextBatch: documents, postBatchResumeToken, id, ns: AGGREGATE_NS }, ok: 1, operationTime: CLUSTER_TIME };
}

/** The batch that ends a stream: the invalidate event, and a cursor the server has closed (id 0). */
export function invalidateBatch(invalidate: Document): Document {
  return nextBatch(invalidate._id as Document, [invalidate], Long.ZERO);
}

export const serverError = (code: number, codeName: string, errmsg: string, errorLabels: string[] = []) => ({
  ok: 0,
  errmsg,
  code,
  codeName,
  ...(errorLabels.length > 0 ? { errorLabels } : {}),
  operationTime: CLUSTER_TIME,
});

/** The oplog no longer holds the resume point (MongoDB 4.4+): on the resuming aggregate or a getMore. */
export const historyLost = (during: 'aggregate' | 'getMore' = 'aggregate') =>
  serverError(
    286,
    'ChangeStreamHistoryLost',
    `${during === 'aggregate' ? 'PlanExecutor error during aggregation' : 'Executor error during getMore'} ` +
      `:: caused by :: Resume of change stream was not possible, as the resume point may no longer be in ` +
      `the oplog.`,
    ['NonResumableChangeStreamError'],
  );

/** Resuming with resumeAfter from an invalidate event's token, or a token from another cluster. */
export const invalidResumeToken = () =>
  serverError(
    260,
    'InvalidResumeToken',
    'PlanExecutor error during aggregation :: caused by :: Attempting to resume a change stream using ' +
      "'resumeAfter' is not allowed from an invalidate notification.",
    ['NonResumableChangeStreamError'],
  );

/** Older servers (4.2) for a resume token the oplog no longer holds. */
export const changeStreamFatal = () =>
  serverError(
    280,
    'ChangeStreamFatalError',
    'cannot resume stream; the resume token was not found. {_data: "8267410A00000001000000012B0429296E1404"}',
    ['NonResumableChangeStreamError'],
  );

/** A failure that is neither resumable nor about the position: here a revoked changeStream privilege. */
export const unauthorized = () =>
  serverError(13, 'Unauthorized', 'not authorized on pos to execute command { getMore: 7340032117, collection: "$cmd.aggregate" }');

/** A step-down interrupting a getMore: the driver resumes on its own. */
export const steppedDown = () =>
  serverError(11602, 'InterruptedDueToReplStateChange', 'operation was interrupted because a client disconnected', [
    'ResumableChangeStreamError',
  ]);
