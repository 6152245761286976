// Opens the MongoDB store: connect, check for a replica set, prepare collections and indexes,
// then start following the change stream from where this instance last stopped.
import { hostname } from 'node:os';
import mongoose, { type mongo } from 'mongoose';
import type { CollectionName, Store } from '../types.js';
import { toStoreError } from './errors.js';
import { silentLogger, type StoreLogger } from '../logger.js';
import { lastWriteTime, mongoOpener } from './opener.js';
import { mongoResumeTokenStore } from './resume-tokens.js';
import { defineModels, prepareCollections, type MongoModels } from './schemas.js';
import { MongoStore } from './store.js';

export interface MongoStoreOptions {
  /** A replica set (or sharded cluster): change streams and transactions need one. */
  uri: string;
  clock?: () => Date;
  /** Keys this instance's saved change-stream position; unique per running instance. */
  instanceId?: string;
  logger?: StoreLogger;
  /**
   * Called once the change stream has been reported down (or stalled) for `afterMs` (0: never):
   * the process should exit, so that its supervisor starts it afresh.
   */
  giveUp?: { afterMs: number; onGiveUp: (problem: string) => void };
}

const CONNECTION_OPTIONS = {
  // Fail fast rather than queue: a request should get a 503, not hang while the server is away.
  bufferCommands: false,
  autoIndex: false,
  autoCreate: false,
  serverSelectionTimeoutMS: 5_000,
} as const;

async function assertReplicaSet(db: mongo.Db): Promise<void> {
  const hello = await db.command({ hello: 1 });
  if (!hello.setName && hello.msg !== 'isdbgrid') {
    throw new Error(
      'MongoDB is a standalone server; the store needs a replica set (a single-node one will do) for change streams and transactions',
    );
  }
}

/**
 * A dropped collection (or database) seen on the change stream is prepared again at once, so the
 * next write does not re-create it bare: no unique user_name index, no pre- and post-images.
 */
function preparingAgain(connection: mongoose.Connection, models: MongoModels, logger: StoreLogger) {
  return (collection: CollectionName | null) => {
    const which = collection ? { [collection]: models[collection] } : models;
    prepareCollections(connection, which, logger).then(
      () => logger.warn({ collection: collection ?? 'all' }, 'a dropped MongoDB collection was prepared again'),
      (error: unknown) =>
        logger.error(
          { err: error, collection: collection ?? 'all' },
          'could not prepare a dropped MongoDB collection again; restart to retry',
        ),
    );
  };
}

export async function openMongoStore(options: MongoStoreOptions): Promise<Store> {
  const logger = options.logger ?? silentLogger;
  const instanceId = options.instanceId ?? hostname();
  const connection = mongoose.createConnection(options.uri, CONNECTION_OPTIONS);
  try {
    await connection.asPromise();
    const db = connection.db!;
    await assertReplicaSet(db);
    const models = defineModels(connection);
    const { images } = await prepareCollections(connection, models, logger);
    const stream = {
      open: mongoOpener(db, images),
      tokens: mongoResumeTokenStore(db, instanceId),
      recreate: preparingAgain(connection, models, logger),
      startTime: () => lastWriteTime(db),
    };
    const watch = { giveUpAfterMs: options.giveUp?.afterMs ?? 0, onGiveUp: options.giveUp?.onGiveUp ?? (() => undefined) };
    const store = await MongoStore.open({ connection, models, clock: options.clock ?? (() => new Date()), logger, stream, watch });
    logger.info({ instanceId, images }, 'MongoDB store open');
    return store;
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw toStoreError(error);
  }
}

export { MongoStore, type MongoStoreParts } from './store.js';
