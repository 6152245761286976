// The commands one collection sends to the driver (recorded by a fake driver collection): atomic
// single commands, data kept as data, the session joined inside transactions, errors mapped.
import mongoose, { type mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { IngredientDoc } from '../../../models/ingredient.js';
import { MongoCollection } from '../../../store/mongo/collection.js';
import { DuplicateKeyError, StoreUnavailableError } from '../../../store/types.js';

const { ObjectId, MongoServerError, MongoNetworkError } = mongoose.mongo;
const ID = '674f1a2b3c4d5e6f70819001';
const NOW = '2026-11-21T12:00:00.000Z';
const stored = { _id: new ObjectId(ID), name: 'Rice', in_stock_qty: 2, price: 0.35, created_at: NOW, updated_at: NOW };
const publicRice = { id: ID, name: 'Rice', in_stock_qty: 2, price: 0.35, created_at: NOW, updated_at: NOW };

/** Records every call; answers from `replies`, or throws `failure`. */
function fakeDriver(replies: Partial<Record<string, unknown>> = {}, failure?: Error) {
  const calls: [string, ...unknown[]][] = [];
  const answer =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      if (failure) return Promise.reject(failure);
      return Promise.resolve(replies[name] ?? null);
    };
  const driver = {
    insertOne: answer('insertOne'),
    findOne: answer('findOne'),
    countDocuments: answer('countDocuments'),
    findOneAndUpdate: answer('findOneAndUpdate'),
    findOneAndDelete: answer('findOneAndDelete'),
    updateMany: answer('updateMany'),
    updateOne: answer('updateOne'),
    find: (...args: unknown[]) => (calls.push(['find', ...args]), { toArray: async () => (replies.find as unknown[]) ?? [] }),
  };
  return { calls, driver: driver as unknown as mongo.Collection };
}

const ingredients = (driver: mongo.Collection, session?: mongo.ClientSession) =>
  new MongoCollection<IngredientDoc>('ingredients', driver, { clock: () => new Date(NOW), ...(session ? { session } : {}) });

describe('MongoCollection commands', () => {
  it('insert stores the id as an ObjectId with the clock on both stamps, and returns the public document', async () => {
    const { calls, driver } = fakeDriver();
    const doc = await ingredients(driver).insert({ id: ID, name: 'Rice', in_stock_qty: 2, price: 0.35 });
    expect(doc).toEqual(publicRice);
    expect(calls).toEqual([['insertOne', stored, {}]]);
  });

  it('update targets the id and every condition in one findOneAndUpdate, with $set, $inc and a new updated_at', async () => {
    const { calls, driver } = fakeDriver({ findOneAndUpdate: { ...stored, in_stock_qty: 1 } });
    const guard = [{ field: 'in_stock_qty', op: 'gte' as const, value: 1 }];
    const after = await ingredients(driver).update(ID, { set: { name: 'Rice' }, inc: { in_stock_qty: -1 } }, { if: guard });
    expect(after).toEqual({ ...publicRice, in_stock_qty: 1 });
    expect(calls).toEqual([
      [
        'findOneAndUpdate',
        { _id: new ObjectId(ID), $and: [{ in_stock_qty: { $gte: 1 } }] },
        { $set: { name: 'Rice', updated_at: NOW }, $inc: { in_stock_qty: -1 } },
        { returnDocument: 'after' },
      ],
    ]);
  });

  it('updateEach sends one guarded updateOne per write, in order, in the session, and reports which matched', async () => {
    const session = { id: 'session' } as unknown as mongo.ClientSession;
    const { calls, driver } = fakeDriver();
    const matched = [1, 0, 1];
    let call = 0;
    (driver as unknown as { updateOne: (...args: unknown[]) => Promise<unknown> }).updateOne = async (...args: unknown[]) => {
      calls.push(['updateOne', ...args]);
      return { matchedCount: matched[call++], modifiedCount: 0 };
    };
    const OTHER = '674f1a2b3c4d5e6f70819002';
    const guard = [{ field: 'in_stock_qty', op: 'gte' as const, value: 2 }];
    const made = await ingredients(driver, session).updateEach([
      { id: ID, update: { inc: { in_stock_qty: -2 } }, if: guard },
      { id: OTHER, update: { inc: { in_stock_qty: -1 } } },
      { id: ID, update: { set: { name: 'Rice' } } },
    ]);
    expect(made).toEqual([true, false, true]);
    expect(calls).toEqual([
      [
        'updateOne',
        { _id: new ObjectId(ID), $and: [{ in_stock_qty: { $gte: 2 } }] },
        { $set: { updated_at: NOW }, $inc: { in_stock_qty: -2 } },
        { session },
      ],
      ['updateOne', { _id: new ObjectId(OTHER) }, { $set: { updated_at: NOW }, $inc: { in_stock_qty: -1 } }, { session }],
      ['updateOne', { _id: new ObjectId(ID) }, { $set: { name: 'Rice', updated_at: NOW } }, { session }],
    ]);
  });

  it('replace keeps _id and created_at inside one pipeline update, with the new values as $literal data', async () => {
    const { calls, driver } = fakeDriver({ findOneAndUpdate: stored });
    await ingredients(driver).replace(ID, { name: '$where', in_stock_qty: 1, price: 1 });
    expect(calls[0]?.[2]).toEqual([
      {
        $replaceWith: {
          $mergeObjects: [
            { $literal: { name: '$where', in_stock_qty: 1, price: 1 } },
            { _id: '$_id', created_at: '$created_at', updated_at: { $literal: NOW } },
          ],
        },
      },
    ]);
  });

  it('a string that is not an id is looked up as that string, which matches no ObjectId', async () => {
    const { calls, driver } = fakeDriver();
    expect(await ingredients(driver).get('nope')).toBeNull();
    expect(calls).toEqual([['findOne', { _id: 'nope' }, {}]]);
  });

  it('getEach reads every id in one find, then answers in the order asked, each document once', async () => {
    const OTHER = '674f1a2b3c4d5e6f70819002';
    const { calls, driver } = fakeDriver({ find: [stored, { ...stored, _id: new ObjectId(OTHER), name: 'Salt' }] });
    const docs = await ingredients(driver).getEach([OTHER, ID, OTHER, 'not-an-id']);
    expect(docs).toEqual([{ ...publicRice, id: OTHER, name: 'Salt' }, publicRice]);
    expect(calls).toEqual([['find', { _id: { $in: [new ObjectId(OTHER), new ObjectId(ID), 'not-an-id'] } }, { sort: {}, skip: 0 }]]);
    expect(await ingredients(driver).getEach([])).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('list reads one page (sort, skip, limit) and counts every match', async () => {
    const { calls, driver } = fakeDriver({ find: [stored], countDocuments: 7 });
    const page = await ingredients(driver).list({
      filter: [{ field: 'price', op: 'lt', value: 1 }],
      sort: { field: 'price', direction: 'desc' },
      limit: 1,
      offset: 3,
    });
    expect(page).toEqual({ results: [publicRice], total_results: 7 });
    const filter = { $and: [{ price: { $lt: 1 } }] };
    expect(calls).toEqual([
      ['find', filter, { sort: { price: -1, _id: -1 }, skip: 3, limit: 1 }],
      ['countDocuments', filter, {}],
    ]);
  });

  it('updateMany counts matched documents, as SQLite counts changed rows', async () => {
    const { driver } = fakeDriver({ updateMany: { matchedCount: 3, modifiedCount: 2 } });
    expect(await ingredients(driver).updateMany([], { set: { price: 1 } })).toBe(3);
  });

  it('inside a transaction every command carries the session', async () => {
    const session = { id: 'session' } as unknown as mongo.ClientSession;
    const { calls, driver } = fakeDriver({ findOneAndDelete: stored });
    await ingredients(driver, session).delete(ID);
    expect(calls).toEqual([['findOneAndDelete', { _id: new ObjectId(ID) }, { session }]]);
  });
});

describe('MongoCollection errors', () => {
  const duplicate = new MongoServerError({
    message: 'E11000 duplicate key error',
    code: 11000,
    keyPattern: { _id: 1 },
    keyValue: { _id: ID },
  });

  it('outside a transaction: E11000 → DuplicateKeyError, a lost connection → StoreUnavailableError', async () => {
    await expect(ingredients(fakeDriver({}, duplicate).driver).insert({ id: ID, name: 'Rice', in_stock_qty: 1, price: 1 })).rejects.toEqual(
      new DuplicateKeyError('ingredients', 'id'),
    );
    await expect(ingredients(fakeDriver({}, new MongoNetworkError('closed')).driver).get(ID)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('inside a transaction a transient error passes through untouched, so withTransaction retries', async () => {
    const session = {} as mongo.ClientSession;
    const conflict = new MongoServerError({ message: 'WriteConflict', code: 112, errorLabels: ['TransientTransactionError'] });
    await expect(ingredients(fakeDriver({}, conflict).driver, session).update(ID, { inc: { in_stock_qty: 1 } })).rejects.toBe(conflict);
    await expect(
      ingredients(fakeDriver({}, duplicate).driver, session).insert({ name: 'Rice', in_stock_qty: 1, price: 1 }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
  });
});
