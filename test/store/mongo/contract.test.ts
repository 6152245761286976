// The MongoDB store against a real replica set: the shared store contract, then what only MongoDB
// has (writes by other programs, resuming after a restart, several instances). Skipped, in one
// line, where no MongoDB exists.
import mongoose from 'mongoose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openMongoStore } from '../../../store/mongo/index.js';
import type { ChangeEvent, Store } from '../../../store/types.js';
import { describeStoreContract, type StoreHarness } from '../contract/suite.js';
import { SKIP_REASON, mongoTarget } from '../fixtures/mongo-server.js';

const target = mongoTarget();

/** A store on a database of its own, dropped at cleanup; reopen keeps the database and instance id. */
async function openHarness(): Promise<StoreHarness & { uri: string; instanceId: string; current: () => Store }> {
  const uri = await target!.freshUri();
  const instanceId = `test-${Math.random().toString(16).slice(2)}`;
  let store = await openMongoStore({ uri, instanceId });
  return {
    uri,
    instanceId,
    store,
    current: () => store,
    reopen: async () => {
      await store.close();
      store = await openMongoStore({ uri, instanceId });
      return store;
    },
    cleanup: async () => {
      await store.close();
      await withClient(uri, (db) => db.dropDatabase());
    },
  };
}

/** Another program: a plain driver client, as mongosh would be. */
async function withClient<R>(uri: string, work: (db: mongoose.mongo.Db) => Promise<R>): Promise<R> {
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  try {
    return await work(client.db());
  } finally {
    await client.close();
  }
}

function recorder(store: Store) {
  const events: ChangeEvent[] = [];
  store.onChange((event) => events.push(event));
  const arrived = (id: string) =>
    vi.waitFor(() => expect(events.map((event) => event.id)).toContain(id), { timeout: 10_000, interval: 20 });
  return { events, arrived };
}

if (!target) {
  it.skip(SKIP_REASON, () => {});
} else {
  afterAll(() => target.stop());

  describeStoreContract('mongodb store', () => openHarness());

  describe('mongodb store specifics', () => {
    it('a document inserted by another program reaches listeners like an API write, and reads back with its ObjectId as id', async () => {
      const harness = await openHarness();
      const { events, arrived } = recorder(harness.store);
      const _id = new mongoose.mongo.ObjectId();
      await withClient(harness.uri, (db) =>
        db.collection('ingredients').insertOne({
          _id,
          name: 'Basil',
          in_stock_qty: 3,
          price: 0.2,
          created_at: new Date('2026-11-21T12:00:00Z'),
          updated_at: new Date('2026-11-21T12:00:00Z'),
        }),
      );
      await arrived(_id.toHexString());
      const expected = {
        id: _id.toHexString(),
        name: 'Basil',
        in_stock_qty: 3,
        price: 0.2,
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
      };
      expect(events).toEqual([{ collection: 'ingredients', operation: 'insert', id: _id.toHexString(), before: null, after: expected }]);
      expect(await harness.store.collection('ingredients').get(_id.toHexString())).toEqual(expected);
      await harness.cleanup();
    });

    it('a delete by another program carries the pre-image', async () => {
      const harness = await openHarness();
      const basil = await harness.store.collection('ingredients').insert({ name: 'Basil', in_stock_qty: 3, price: 0.2 });
      const { events, arrived } = recorder(harness.store);
      await withClient(harness.uri, (db) => db.collection('ingredients').deleteOne({ _id: new mongoose.mongo.ObjectId(basil.id) }));
      await arrived(basil.id);
      expect(events).toEqual([{ collection: 'ingredients', operation: 'delete', id: basil.id, before: basil, after: null }]);
      await harness.cleanup();
    });

    it('after a restart, resumes where it stopped: writes made while down arrive once, nothing before them again', async () => {
      const harness = await openHarness();
      const early = await harness.store.collection('ingredients').insert({ name: 'Early', in_stock_qty: 1, price: 1 });
      await recorder(harness.store).arrived(early.id);
      await harness.store.close();
      const _id = new mongoose.mongo.ObjectId();
      await withClient(harness.uri, (db) => db.collection('ingredients').insertOne({ _id, name: 'While down', in_stock_qty: 1, price: 1 }));
      const reopened = await openMongoStore({ uri: harness.uri, instanceId: harness.instanceId });
      const { events, arrived } = recorder(reopened);
      await arrived(_id.toHexString());
      expect(events.map((event) => event.id)).toEqual([_id.toHexString()]);
      await reopened.close();
      await withClient(harness.uri, (db) => db.dropDatabase());
    });

    it('two instances on one database each deliver every change once', async () => {
      const first = await openHarness();
      const second = await openMongoStore({ uri: first.uri, instanceId: `${first.instanceId}-b` });
      const [a, b] = [recorder(first.store), recorder(second)];
      const carrot = await first.store.collection('ingredients').insert({ name: 'Carrot', in_stock_qty: 1, price: 1 });
      const salt = await second.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 1, price: 1 });
      await Promise.all([a.arrived(salt.id), b.arrived(salt.id)]);
      expect(a.events.map((event) => event.id)).toEqual([carrot.id, salt.id]);
      expect(b.events.map((event) => event.id)).toEqual([carrot.id, salt.id]);
      await second.close();
      await first.cleanup();
    });

    it('ping answers while open and refuses once closed', async () => {
      const harness = await openHarness();
      await expect(harness.store.ping()).resolves.toBeUndefined();
      await harness.store.close();
      await expect(harness.store.ping()).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      await withClient(harness.uri, (db) => db.dropDatabase());
    });
  });
}
