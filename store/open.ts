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
}

export async function openStore(config: StoreChoice, options: { now?: () => Date; logger?: StoreLogger } = {}): Promise<Store> {
  const now = options.now ?? (() => new Date());
  if (config.mongodbUri) {
    // Loaded only when used: the embedded mode never pulls in the MongoDB driver.
    const { openMongoStore } = await import('./mongo/index.js');
    return openMongoStore({ uri: config.mongodbUri, clock: now, instanceId: config.instanceId, ...(options.logger && { logger: options.logger }) });
  }
  return openSqliteStore({ dataDir: config.dataDir, clock: now, synchronous: config.sqliteSynchronous, ...(options.logger && { logger: options.logger }) });
}
