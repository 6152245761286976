// MongoDB failures as the store's errors, and ids/documents between stored and public form.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { fromMongo, toMongoId } from '../../../store/mongo/documents.js';
import { isHistoryLost, toDuplicateError, toStoreError } from '../../../store/mongo/errors.js';
import { DuplicateKeyError, StoreUnavailableError } from '../../../store/types.js';

const { MongoServerError, MongoNetworkError, MongoTopologyClosedError, ObjectId } = mongoose.mongo;

const duplicate = (keyPattern: Record<string, number>, keyValue: Record<string, unknown>) =>
  new MongoServerError({
    message:
      `E11000 duplicate key error collection: pos.users index: ${Object.keys(keyPattern)[0]}_1 collation: { ` +
      `locale: "en", strength: 2 } dup key: ${JSON.stringify(keyValue)}`,
    code: 11000,
    keyPattern,
    keyValue,
  });

describe('toStoreError', () => {
  it('E11000 on the collated user_name index is a DuplicateKeyError naming the field', () => {
    const error = toStoreError(duplicate({ user_name: 1 }, { user_name: 'Maria' }), 'users');
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ collection: 'users', field: 'user_name' });
  });

  it('E11000 on _id names the public id', () => {
    expect(toStoreError(duplicate({ _id: 1 }, { _id: new ObjectId() }), 'dishes')).toMatchObject({ collection: 'dishes', field: 'id' });
  });

  it('a lost connection or no reachable primary is StoreUnavailableError (a 503), keeping the cause', () => {
    const lost = new MongoNetworkError('connection 4 to mongo:27017 closed');
    const error = toStoreError(lost, 'orders');
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).cause).toBe(lost);
    expect(toStoreError(new MongoTopologyClosedError())).toBeInstanceOf(StoreUnavailableError);
    // What mongoose throws when the first connect finds no server.
    const selection = Object.assign(new Error('Server selection timed out after 5000 ms'), { name: 'MongooseServerSelectionError' });
    expect(toStoreError(selection)).toBeInstanceOf(StoreUnavailableError);
    expect(toStoreError(new MongoServerError({ message: 'not primary', code: 10107 }))).toBeInstanceOf(StoreUnavailableError);
  });

  it('anything else passes through unchanged', () => {
    const bug = new MongoServerError({ message: 'unknown operator: $foo', code: 2 });
    expect(toStoreError(bug, 'orders')).toBe(bug);
  });

  it('inside a transaction only duplicates are mapped, so the driver still sees transient errors to retry', () => {
    const conflict = new MongoServerError({ message: 'WriteConflict', code: 112, errorLabels: ['TransientTransactionError'] });
    expect(toDuplicateError(conflict, 'ingredients')).toBe(conflict);
    expect(toDuplicateError(duplicate({ token_hash: 1 }, { token_hash: 'x' }), 'refresh_tokens')).toMatchObject({ field: 'token_hash' });
  });

  it('history lost: 286, 280, 260 and 136, nothing else', () => {
    for (const code of [286, 280, 260, 136]) expect(isHistoryLost(new MongoServerError({ message: 'lost', code }))).toBe(true);
    expect(isHistoryLost(new MongoServerError({ message: 'interrupted', code: 11602 }))).toBe(false);
    expect(isHistoryLost(new MongoNetworkError('closed'))).toBe(false);
  });
});

describe('documents', () => {
  it('ids the store hands out are stored as ObjectIds; other strings stay strings', () => {
    expect(toMongoId('674f1a2b3c4d5e6f70819201')).toEqual(new ObjectId('674f1a2b3c4d5e6f70819201'));
    expect(toMongoId('674F1A2B3C4D5E6F70819201')).toBe('674F1A2B3C4D5E6F70819201');
  });

  it('a document another program wrote (ObjectId refs, BSON dates) reads back as plain JSON with id first', () => {
    const stored = {
      _id: new ObjectId('674f1a2b3c4d5e6f70819201'),
      owner_id: new ObjectId('674f1a2b3c4d5e6f70819301'),
      created_at: new Date('2026-11-21T12:00:00.000Z'),
      dish_ids: [new ObjectId('674f1a2b3c4d5e6f70819101')],
    };
    const read = fromMongo<Record<string, unknown>>(stored);
    expect(read).toEqual({
      id: '674f1a2b3c4d5e6f70819201',
      owner_id: '674f1a2b3c4d5e6f70819301',
      created_at: '2026-11-21T12:00:00.000Z',
      dish_ids: ['674f1a2b3c4d5e6f70819101'],
    });
    expect(Object.keys(read)[0]).toBe('id');
  });
});
