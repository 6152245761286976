// The real MongoDB store (mongoose connection, driver change stream, resume tokens kept in
// MongoDB) opened against a scripted peer: only the server is scripted, everything else is real.
import mongoose from 'mongoose';
import { mongoOpener } from '../../../../store/mongo/opener.js';
import { mongoResumeTokenStore, RESUME_TOKENS_COLLECTION } from '../../../../store/mongo/resume-tokens.js';
import { defineModels } from '../../../../store/mongo/schemas.js';
import { MongoStore, type MongoStoreParts } from '../../../../store/mongo/store.js';
import type { ChangeEvent } from '../../../../store/types.js';
import type { WirePeer } from './peer.js';
import type { Document } from './protocol.js';

const { Long } = mongoose.mongo;

/** Answers the resume-token collection's reads and writes as a server holding `saved` would (other collections: empty). */
export function scriptTokenCollection(peer: WirePeer, saved: Document | null): void {
  const found = saved ? [{ _id: 'till-1', token: saved, saved_at: new Date() }] : [];
  peer.always('find', (command) => {
    const name = String(command.find);
    return { cursor: { firstBatch: name === RESUME_TOKENS_COLLECTION ? found : [], id: Long.ZERO, ns: `pos.${name}` }, ok: 1 };
  });
  peer.always('update', { n: 1, nModified: 1, ok: 1 });
  // The app's own start-up writes (its data-format upgrade records, the print spool's bookmark).
  peer.always('insert', { n: 1, ok: 1 });
  peer.always('delete', { n: 1, ok: 1 });
  // An update of one document by id (findOneAndUpdate) finds none, as in an empty collection: the
  // print spool then inserts its bookmark. Without an answer the app's start would wait for ever.
  peer.always('findAndModify', { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 });
}

/** The tokens the store saved (update commands) and whether it cleared them (delete commands). */
export function tokenWrites(peer: WirePeer): (Document | 'cleared')[] {
  return peer.received
    .filter(({ name, command }) => (name === 'update' || name === 'delete') && command[name] === RESUME_TOKENS_COLLECTION)
    .map(({ name, command }) => (name === 'delete' ? 'cleared' : (command.updates as Document[])[0]!.u.$set.token));
}

export interface LogEntry {
  level: string;
  obj: Record<string, unknown>;
  msg?: string;
}

export async function storeOverPeer(
  peer: WirePeer,
  clock: { now: number },
  extra: Pick<MongoStoreParts, 'watch' | 'timer' | 'settleTimeoutMs'> & Pick<MongoStoreParts['stream'], 'startTime'> = {},
) {
  const { startTime, ...parts } = extra;
  const connection = mongoose.createConnection(peer.uri(), { bufferCommands: false, autoIndex: false, autoCreate: false });
  await connection.asPromise();
  const db = connection.db!;
  const logs: LogEntry[] = [];
  const log = (level: string) => (obj: object, msg?: string) =>
    void logs.push({ level, obj: obj as Record<string, unknown>, ...(msg ? { msg } : {}) });
  const logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  const store = await MongoStore.open({
    connection,
    models: defineModels(connection),
    clock: () => new Date(clock.now),
    logger,
    stream: {
      open: mongoOpener(db, true),
      tokens: mongoResumeTokenStore(db, 'till-1'),
      now: () => clock.now,
      backoff: { initialMs: 20, maxMs: 400 },
      ...(startTime && { startTime }),
    },
    ...parts,
  });
  const events: ChangeEvent[] = [];
  const resyncs: string[] = [];
  store.onChange((event) => events.push(event));
  store.onResync((reason) => resyncs.push(reason));
  return { store, events, resyncs, logs };
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function until(what: string, check: () => boolean, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The $changeStream stage of an aggregate the driver sent. */
export const changeStreamStage = (aggregate: Document): Document => (aggregate.pipeline as Document[])[0]!.$changeStream as Document;
