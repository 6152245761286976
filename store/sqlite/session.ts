// A set of collections sharing one way to reach the database: the store's own (each write its own
// transaction) or a transaction's (every write joins it).
import { COLLECTIONS, type Collections } from '../../models/collections.js';
import {
  StoreUnavailableError,
  type BaseDoc,
  type ChangeEvent,
  type Collection,
  type CollectionName,
  type StoreSession,
} from '../types.js';
import { SqliteCollection, type Access } from './collection.js';
import type { Connection } from './connection.js';

/** What a transaction's session may still do, and the events it will publish on commit. */
export interface TransactionState {
  active: boolean;
  events: ChangeEvent[];
}

export class Session implements StoreSession {
  private readonly collections = new Map<CollectionName, SqliteCollection<BaseDoc>>();

  constructor(
    private readonly access: Access,
    private readonly clock: () => Date,
  ) {}

  collection<N extends CollectionName>(name: N): Collection<Collections[N]> {
    if (!Object.hasOwn(COLLECTIONS, name)) throw new Error(`unknown collection "${name}"`);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection(name, this.access, this.clock);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<Collections[N]>;
  }
}

/** Inside a transaction: reads and writes use the open transaction's connection; writes join it. */
export function transactionAccess(writer: Connection, state: TransactionState): Access {
  const assertActive = () => {
    if (!state.active) throw new Error('a transaction session was used after its transaction ended');
  };
  return {
    read: async (body) => {
      assertActive();
      return body(writer);
    },
    write: async (body) => {
      assertActive();
      if (!writer.db.inTransaction) throw new StoreUnavailableError('the database rolled the transaction back');
      const events: ChangeEvent[] = [];
      // A savepoint: a failing operation is undone alone and the transaction may go on.
      const result = writer.atomically(() => body(writer, events));
      state.events.push(...events);
      return result;
    },
  };
}
