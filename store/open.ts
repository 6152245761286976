// Picks the store: MongoDB when MONGODB_URI is set, otherwise the embedded SQLite store.
import { openSqliteStore } from './sqlite/index.js';
import type { Synchronous } from './sqlite/open.js';
import type { StoreLogger } from './logger.js';
import type { Store } from './types.js';

/** What picks and opens the store: the server's configuration has these (server/config.ts). */
export interface StoreChoice {
  dataDir: string;
  mongodbUri: string | undefined;
  sqliteSynchronous: Synchronous;
  instanceId: string | undefined;
  /** MongoDB: seconds the change stream may stay down before `onStreamGiveUp` (POS_STREAM_DOWN_EXIT). */
  streamDownExitSeconds: number;
}

export interface OpenStoreOptions {
  now?: () => Date;
  logger?: StoreLogger;
  /** MongoDB: the change stream stayed down past POS_STREAM_DOWN_EXIT; the process should exit. */
  onStreamGiveUp?: (problem: string) => void;
}

export async function openStore(config: StoreChoice, options: OpenStoreOptions = {}): Promise<Store> {
  const now = options.now ?? (() => new Date());
  if (config.mongodbUri) {
    // Loaded only when used: the embedded mode never pulls in the MongoDB driver.
    const { openMongoStore } = await import('./mongo/index.js');
    const giveUp = options.onStreamGiveUp && { afterMs: config.streamDownExitSeconds * 1000, onGiveUp: options.onStreamGiveUp };
    return openMongoStore({
      uri: config.mongodbUri,
      clock: now,
      instanceId: config.instanceId,
      ...(options.logger && { logger: options.logger }),
      ...(giveUp && { giveUp }),
    });
  }
  return openSqliteStore({
    dataDir: config.dataDir,
    clock: now,
    synchronous: config.sqliteSynchronous,
    ...(options.logger && { logger: options.logger }),
  });
}
