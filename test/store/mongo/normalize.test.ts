// The pure step from a change-stream document (MongoDB's wire shape) to the store's ChangeEvent.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../../store/mongo/change-events.js';
import type { RawChangeEvent } from '../../../store/mongo/change-events.js';
import { ORDER_ID, RICE_ID, RISOTTO_ID, USER_ID, recorded } from '../fixtures/change-events.js';

const order = {
  id: ORDER_ID,
  name: 'Ben',
  dish_ids: [RISOTTO_ID, '674f1a2b3c4d5e6f70819102', RISOTTO_ID],
  table_number: 18,
  special_requests: 'No peanuts',
  scheduled_at: null,
  priority: 3,
  status: 'Received',
  fire_at: null,
  owner_id: USER_ID,
  created_at: '2026-11-21T12:00:01.000Z',
  updated_at: '2026-11-21T12:00:01.000Z',
};
const orderInProgress = { ...order, status: 'In Progress', updated_at: '2026-11-21T12:00:05.000Z' };
const rice = {
  id: RICE_ID,
  name: 'Arborio rice',
  in_stock_qty: 2,
  price: 0.35,
  created_at: '2026-11-21T11:00:00.000Z',
  updated_at: '2026-11-21T11:59:00.000Z',
};

describe('normalize (recorded change-stream documents)', () => {
  it('fixtures are in the driver wire form: ObjectId keys, Timestamp clusterTime, Date wallTime, string resume token', () => {
    const raw = recorded('updateStockInTransaction');
    expect(raw._id).toEqual({ _data: expect.stringMatching(/^82[0-9A-F]+$/) });
    expect(raw).toMatchObject({ operationType: 'update', ns: { db: 'pos', coll: 'ingredients' } });
    if (raw.operationType !== 'update') throw new Error('fixture changed');
    expect(raw.documentKey._id).toBeInstanceOf(mongoose.mongo.ObjectId);
    expect(raw.clusterTime).toBeInstanceOf(mongoose.mongo.Timestamp);
    expect(raw.wallTime).toBeInstanceOf(Date);
    expect(raw.updateDescription).toEqual({
      updatedFields: { in_stock_qty: 0, updated_at: '2026-11-21T12:00:10.000Z' },
      removedFields: [],
      truncatedArrays: [],
    });
  });

  it('insert: after is the full document with its ObjectId as the public id; before is null', () => {
    expect(normalize(recorded('insertOrder'))).toEqual({
      kind: 'change',
      event: { collection: 'orders', operation: 'insert', id: ORDER_ID, after: order, before: null },
    });
  });

  it('update: after is the post-image and before the pre-image, so a status move is seen from both sides', () => {
    expect(normalize(recorded('updateOrderStatus'))).toEqual({
      kind: 'change',
      event: { collection: 'orders', operation: 'update', id: ORDER_ID, after: orderInProgress, before: order },
    });
  });

  it('update inside a transaction (lsid, txnNumber): the stock flip 2 → 0 is visible in before/after', () => {
    expect(normalize(recorded('updateStockInTransaction'))).toEqual({
      kind: 'change',
      event: {
        collection: 'ingredients',
        operation: 'update',
        id: RICE_ID,
        after: { ...rice, in_stock_qty: 0, updated_at: '2026-11-21T12:00:10.000Z' },
        before: rice,
      },
    });
  });

  it('update looked up without a pre-image: before is null', () => {
    const result = normalize(recorded('updateLookupWithoutPreImage'));
    expect(result).toMatchObject({
      kind: 'change',
      event: { operation: 'update', id: RICE_ID, before: null, after: { price: 0.4, in_stock_qty: 0 } },
    });
  });

  it('an update without a post-image (deleted before the lookup, or its image expired): screens resync', () => {
    expect(normalize(recorded('updateWithoutPostImage'))).toEqual({
      kind: 'resync',
      reason: `an update of ingredients ${RICE_ID} arrived without the document after it`,
    });
  });

  it('replace becomes an update with both images', () => {
    const result = normalize(recorded('replaceDish'));
    expect(result).toMatchObject({ kind: 'change', event: { collection: 'dishes', operation: 'update', id: RISOTTO_ID } });
    if (result.kind !== 'change') throw new Error('not a change');
    expect(result.event.after).toMatchObject({
      price: 15.5,
      description: 'Saffron risotto, parmesan',
      ingredients: [{ ingredient_id: RICE_ID, is_essential: true }],
    });
    expect(result.event.before).toMatchObject({ price: 14.5, description: 'Saffron risotto' });
  });

  it('delete with a pre-image: before is the order as it last was, after is null', () => {
    expect(normalize(recorded('deleteOrderWithPreImage'))).toEqual({
      kind: 'change',
      event: { collection: 'orders', operation: 'delete', id: ORDER_ID, after: null, before: orderInProgress },
    });
  });

  it('delete without a pre-image: only the id is known (before and after are null)', () => {
    expect(normalize(recorded('deleteOrderWithoutPreImage'))).toEqual({
      kind: 'change',
      event: { collection: 'orders', operation: 'delete', id: ORDER_ID, after: null, before: null },
    });
  });

  it('a mongosh insert with BSON dates reads back with ISO strings, like an API write', () => {
    const result = normalize(recorded('insertUserFromMongosh'));
    expect(result).toMatchObject({
      kind: 'change',
      event: {
        collection: 'users',
        operation: 'insert',
        id: USER_ID,
        after: { id: USER_ID, user_name: 'maria', created_at: '2026-11-21T12:00:40.250Z' },
      },
    });
  });

  it("a write to the API's bookkeeping (refresh_tokens) makes no change event, should the stream carry one", () => {
    expect(normalize(recorded('insertRefreshToken'))).toEqual({
      kind: 'skip',
      reason: "refresh_tokens is the API's bookkeeping: its writes make no change event",
    });
  });

  it('dropping a bookkeeping collection still has it prepared again', () => {
    const drop = { ...recorded('dropDishes'), ns: { db: 'pos', coll: 'idempotency_keys' } } as RawChangeEvent;
    expect(normalize(drop)).toEqual({
      kind: 'resync',
      reason: 'the idempotency_keys collection was dropped',
      recreate: 'idempotency_keys',
    });
  });

  it('a collection the store does not own is skipped', () => {
    expect(normalize(recorded('insertUnwatched'))).toEqual({ kind: 'skip', reason: 'audit_log is not a watched collection' });
  });

  it('dropping a watched collection asks screens to resync (its documents vanished without delete events)', () => {
    expect(normalize(recorded('dropDishes'))).toEqual({ kind: 'resync', reason: 'the dishes collection was dropped', recreate: 'dishes' });
  });

  it('invalidate ends the stream', () => {
    expect(normalize(recorded('invalidate'))).toMatchObject({ kind: 'invalidate' });
  });
});
