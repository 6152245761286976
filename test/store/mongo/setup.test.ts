// How the store sets MongoDB up, checked without a server: the indexes each model declares, the
// preparation of collections for pre- and post-images, and how the change stream is opened.
import mongoose, { type mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, MAX_AWAIT_MS, mongoOpener, WATCH_PIPELINE } from '../../../store/mongo/opener.js';
import { defineModels, prepareCollections, type MongoModels } from '../../../store/mongo/schemas.js';
import { silentLogger } from '../../../store/logger.js';

const { Timestamp } = mongoose.mongo;

describe('models', () => {
  const models = defineModels(mongoose.createConnection());

  it('users: a unique, case-insensitive (collation strength 2) user_name, and list indexes ending in _id', () => {
    expect(models.users.schema.indexes()).toEqual([
      [{ created_at: 1, _id: 1 }, {}],
      [{ role: 1, _id: 1 }, {}],
      [{ user_name: 1, _id: 1 }, {}],
      [{ user_name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } }],
    ]);
  });

  it('ingredients: no index at all (every order rewrites their stock)', () => {
    expect(models.ingredients.schema.indexes()).toEqual([]);
  });

  it('orders: the compound indexes of models/collections.ts, and refresh tokens a case-sensitive unique hash', () => {
    expect(models.orders.schema.indexes().map(([keys]) => keys)).toContainEqual({ status: 1, created_at: 1, _id: 1 });
    expect(models.refresh_tokens.schema.indexes()).toContainEqual([{ token_hash: 1 }, { unique: true }]);
  });

  it('each model is its own collection, named as the store names it', () => {
    expect(Object.fromEntries(Object.entries(models).map(([name, model]) => [name, model.collection.collectionName]))).toEqual({
      dishes: 'dishes',
      ingredients: 'ingredients',
      orders: 'orders',
      users: 'users',
      refresh_tokens: 'refresh_tokens',
      upgrades: 'upgrades',
      idempotency_keys: 'idempotency_keys',
      settings: 'settings',
      login_failures: 'login_failures',
      order_audit: 'order_audit',
      kitchen_paces: 'kitchen_paces',
      print_jobs: 'print_jobs',
      print_spool: 'print_spool',
      printer_states: 'printer_states',
      board_presence: 'board_presence',
      station_takeovers: 'station_takeovers',
    });
  });

  it('idempotency keys: a TTL index on expires_at (MongoDB deletes each key once it has passed), no other', () => {
    expect(models.idempotency_keys.schema.indexes()).toEqual([[{ expires_at: 1 }, { expireAfterSeconds: 0 }]]);
  });

  it('login failures: a TTL index on expires_at, and the user name and scope a manager unlocks by', () => {
    expect(models.login_failures.schema.indexes()).toEqual([
      [{ user_name: 1, _id: 1 }, {}],
      [{ scope: 1, _id: 1 }, {}],
      [{ expires_at: 1 }, { expireAfterSeconds: 0 }],
    ]);
  });

  it("order audit: an order's entries read oldest first from an index, and a TTL index on expires_at (kept 90 days)", () => {
    expect(models.order_audit.schema.indexes()).toEqual([
      [{ order_id: 1, created_at: 1, _id: 1 }, {}],
      [{ expires_at: 1 }, { expireAfterSeconds: 0 }],
    ]);
  });
});

describe('prepareCollections', () => {
  function fakes(collMod: () => Promise<unknown>) {
    const calls: string[] = [];
    const model = (name: string) => ({
      createCollection: async () => void calls.push(`create ${name}`),
      createIndexes: async () => void calls.push(`indexes ${name}`),
    });
    const models = Object.fromEntries(['dishes', 'orders'].map((name) => [name, model(name)])) as unknown as MongoModels;
    const db = { command: async (command: { collMod: string }) => (calls.push(`collMod ${command.collMod}`), collMod()) };
    return { calls, models, connection: { db } as unknown as mongoose.Connection };
  }

  it('creates each collection and its indexes and turns images on', async () => {
    const { calls, models, connection } = fakes(async () => ({ ok: 1 }));
    expect(await prepareCollections(connection, models, silentLogger)).toEqual({ images: true });
    expect(calls).toEqual(['create dishes', 'indexes dishes', 'collMod dishes', 'create orders', 'indexes orders', 'collMod orders']);
  });

  it('drops the retired ingredient indexes an earlier version built, and no other', async () => {
    const { calls, connection } = fakes(async () => ({ ok: 1 }));
    const existing = [
      { name: '_id_', key: { _id: 1 } },
      { name: 'created_at_1__id_1', key: { created_at: 1, _id: 1 } },
      { name: 'name_1__id_1', key: { name: 1, _id: 1 } },
      { name: 'in_stock_qty_1__id_1', key: { in_stock_qty: 1, _id: 1 } },
      { name: 'by_stock', key: { in_stock_qty: 1 } },
    ];
    const ingredients = {
      createCollection: async () => void calls.push('create ingredients'),
      createIndexes: async () => void calls.push('indexes ingredients'),
      collection: { indexes: async () => existing, dropIndex: async (name: string) => void calls.push(`drop ${name}`) },
    };
    const models = { ingredients } as unknown as MongoModels;
    expect(await prepareCollections(connection, models, silentLogger)).toEqual({ images: true });
    expect(calls).toEqual([
      'create ingredients',
      'indexes ingredients',
      'drop created_at_1__id_1',
      'drop name_1__id_1',
      'drop in_stock_qty_1__id_1',
      'collMod ingredients',
    ]);
  });

  it('reports images off when the server refuses them (MongoDB 5, or no collMod right), and warns', async () => {
    const warnings: string[] = [];
    const { models, connection } = fakes(async () => {
      throw new mongoose.mongo.MongoServerError({ message: 'unknown option to collMod: changeStreamPreAndPostImages', code: 72 });
    });
    const logger = { ...silentLogger, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') };
    expect(await prepareCollections(connection, models, logger)).toEqual({ images: false });
    expect(warnings).toHaveLength(2);
  });
});

describe('mongoOpener', () => {
  function fakeDb(hello: object) {
    const watches: unknown[][] = [];
    const db = { command: async () => hello, watch: (...args: unknown[]) => (watches.push(args), { fake: 'stream' }) };
    return { watches, db: db as unknown as mongo.Db };
  }

  it("watches the database narrowed to the followed collections' writes (drops of any, and invalidate), with post- and pre-images", async () => {
    const { watches, db } = fakeDb({ lastWrite: { opTime: { ts: new Timestamp({ t: 1_795_262_400, i: 4 }), t: 1 } } });
    await mongoOpener(db, true)({});
    expect(watches).toEqual([
      [
        WATCH_PIPELINE,
        {
          fullDocument: 'whenAvailable',
          fullDocumentBeforeChange: 'whenAvailable',
          batchSize: BATCH_SIZE,
          maxAwaitTimeMS: MAX_AWAIT_MS,
          startAtOperationTime: new Timestamp({ t: 1_795_262_400, i: 5 }),
        },
      ],
    ]);
    expect(WATCH_PIPELINE).toEqual([
      {
        $match: {
          $or: [
            { 'ns.coll': { $in: ['dishes', 'ingredients', 'orders', 'users', 'settings', 'printer_states'] } },
            {
              operationType: { $in: ['drop', 'rename'] },
              'ns.coll': {
                $in: [
                  'dishes',
                  'ingredients',
                  'orders',
                  'users',
                  'refresh_tokens',
                  'upgrades',
                  'idempotency_keys',
                  'settings',
                  'login_failures',
                  'order_audit',
                  'kitchen_paces',
                  'print_jobs',
                  'print_spool',
                  'printer_states',
                  'board_presence',
                  'station_takeovers',
                ],
              },
            },
            { operationType: 'invalidate' },
          ],
        },
      },
    ]);
  });

  it('resumes after a saved token, and looks documents up when images are off', async () => {
    const { watches, db } = fakeDb({});
    const startAfter = { _data: '826B0187C1000000012B022C0100296E5A1004' };
    await mongoOpener(db, false)({ startAfter });
    expect(watches).toEqual([
      [
        WATCH_PIPELINE,
        { fullDocument: 'updateLookup', fullDocumentBeforeChange: 'off', batchSize: BATCH_SIZE, maxAwaitTimeMS: MAX_AWAIT_MS, startAfter },
      ],
    ]);
  });

  it('with no cluster time in the answer, starts the stream from when it opens', async () => {
    const { watches, db } = fakeDb({ isWritablePrimary: true });
    await mongoOpener(db, true)({});
    expect(watches[0]?.[1]).toEqual({
      fullDocument: 'whenAvailable',
      fullDocumentBeforeChange: 'whenAvailable',
      batchSize: BATCH_SIZE,
      maxAwaitTimeMS: MAX_AWAIT_MS,
    });
  });
});
