// Picks the store: MongoDB when MONGODB_URI is set, otherwise the embedded SQLite store.
import type { Config } from '../server/config.js';
import { openSqliteStore } from './sqlite/index.js';
import type { Store } from './types.js';

export async function openStore(config: Config, now: () => Date = () => new Date()): Promise<Store> {
  if (config.mongodbUri) {
    // Loaded only when used: the embedded mode never pulls in the MongoDB driver.
    const { openMongoStore } = await import('./mongo/index.js');
    return openMongoStore({ uri: config.mongodbUri, clock: now, instanceId: config.instanceId });
  }
  return openSqliteStore({ dataDir: config.dataDir, clock: now, synchronous: config.sqliteSynchronous });
}
