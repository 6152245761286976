// The store contract for the collection of idempotency keys: records keep their expiry as given,
// one record per id, and a record commits with the write it belongs to or not at all.
import { describe, expect, it } from 'vitest';
import type { IdempotencyKeyDoc } from '../../../models/idempotency.js';
import type { NewDoc, Store } from '../../../store/types.js';

const OWNER = '5f0000000000000000000001';
const keyRecord = (id: string, expires_at = '2099-01-01T00:00:00.000Z'): NewDoc<IdempotencyKeyDoc> => ({
  id,
  scope: `user:${OWNER}`,
  key: 'checkout-1',
  fingerprint: 'f'.repeat(64),
  status: 201,
  location: '/orders/abc',
  content_type: 'application/json; charset=utf-8',
  body: '{"id":"abc"}',
  expires_at,
});

export function describeIdempotencyKeys(store: () => Store) {
  describe('idempotency keys', () => {
    it('reads a record back with its expiry as the ISO string it was given', async () => {
      const keys = store().collection('idempotency_keys');
      const inserted = await keys.insert(keyRecord('a'.repeat(24), '2030-05-06T07:08:09.010Z'));
      expect(await keys.get(inserted.id)).toEqual(inserted);
      expect(inserted.expires_at).toBe('2030-05-06T07:08:09.010Z');
    });

    it('refuses a second record for the same key (id) with DuplicateKeyError', async () => {
      const keys = store().collection('idempotency_keys');
      await keys.insert(keyRecord('b'.repeat(24)));
      await expect(keys.insert(keyRecord('b'.repeat(24)))).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'idempotency_keys',
      });
    });

    it('deletes a record only while it is the one read (created_at condition)', async () => {
      const keys = store().collection('idempotency_keys');
      const record = await keys.insert(keyRecord('c'.repeat(24)));
      expect(await keys.delete(record.id, { if: [{ field: 'created_at', op: 'eq', value: '2000-01-01T00:00:00.000Z' }] })).toBeNull();
      expect(await keys.delete(record.id, { if: [{ field: 'created_at', op: 'eq', value: record.created_at }] })).toEqual(record);
    });

    it('commits a record with the order it answers, or neither', async () => {
      const order = {
        name: 'Ann',
        dish_ids: [],
        table_number: 1,
        special_requests: null,
        scheduled_at: null,
        priority: 3,
        status: 'Received' as const,
        fire_at: null,
        owner_id: OWNER,
        stock_taken: [],
        tickets: [],
        ready_at: null,
        closed_at: null,
        pacing: 'at_once' as const,
      };
      const failed = store().transaction(async (tx) => {
        await tx.collection('orders').insert(order);
        await tx.collection('idempotency_keys').insert(keyRecord('d'.repeat(24)));
        throw new Error('the reply could not be built');
      });
      await expect(failed).rejects.toThrow('the reply could not be built');
      expect(await store().collection('orders').find([])).toEqual([]);
      expect(await store().collection('idempotency_keys').get('d'.repeat(24))).toBeNull();
      const placed = await store().transaction(async (tx) => {
        const created = await tx.collection('orders').insert(order);
        await tx.collection('idempotency_keys').insert(keyRecord('d'.repeat(24)));
        return created;
      });
      expect(await store().collection('orders').get(placed.id)).toEqual(placed);
      expect(await store().collection('idempotency_keys').get('d'.repeat(24))).toMatchObject({ status: 201, body: '{"id":"abc"}' });
    });
  });
}
