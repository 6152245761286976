// The store contract for the audit trail (domain/orders/audit.ts over the store): an entry commits with the
// write it records or not at all, an order's entries read back oldest first after the order is
// gone, and audit writes make no change event (bookkeeping, never pushed to screens).
import { describe, expect, it, vi } from 'vitest';
import { orderAudit, recordAudit } from '../../../domain/orders/audit.js';
import type { OrderDoc } from '../../../models/order.js';
import type { ChangeEvent, NewDoc, Store } from '../../../store/types.js';

const OWNER = '5f0000000000000000000001';
const MANAGER = { userId: '5f0000000000000000000002', userName: 'boss', role: 'manager' as const, expiresAt: Number.MAX_SAFE_INTEGER };
const AT = '2026-11-26T12:00:00.000Z';
const order: NewDoc<OrderDoc> = {
  name: 'Ann',
  dish_ids: [],
  table_number: 1,
  special_requests: null,
  scheduled_at: null,
  priority: 3,
  status: 'Received',
  fire_at: null,
  owner_id: OWNER,
  stock_taken: [],
  tickets: [],
  ready_at: null,
  closed_at: null,
  pacing: 'at_once' as const,
};
const boss = { user_id: MANAGER.userId, user_name: MANAGER.userName };
const page = { filter: [], limit: 30, offset: 0 };

export function describeOrderAudit(store: () => Store) {
  describe('order audit', () => {
    const trail = (id: string) => orderAudit({ store: store(), now: () => new Date(AT) }, MANAGER, id, page);

    it('commits an entry with the write it records, or neither', async () => {
      const failed = store().transaction(async (tx) => {
        const placed = await tx.collection('orders').insert(order);
        await recordAudit(tx, placed.id, boss, 'placed', { status: { before: null, after: 'Received' } }, AT);
        throw new Error('refused after the entry was written');
      });
      await expect(failed).rejects.toThrow('refused after the entry was written');
      expect(await store().collection('orders').find([])).toEqual([]);
      expect(await store().collection('order_audit').find([])).toEqual([]);
      const placed = await store().transaction(async (tx) => {
        const created = await tx.collection('orders').insert(order);
        await recordAudit(tx, created.id, boss, 'placed', { status: { before: null, after: 'Received' } }, AT);
        return created;
      });
      expect(await trail(placed.id)).toEqual({
        results: [
          { at: AT, user_id: boss.user_id, user_name: 'boss', action: 'placed', changes: { status: { before: null, after: 'Received' } } },
        ],
        total_results: 1,
      });
      const [entry] = await store().collection('order_audit').find([]);
      expect(entry).toMatchObject({ order_id: placed.id, expires_at: '2027-02-24T12:00:00.000Z' });
    });

    it("reads an order's entries oldest first, and still after the order is deleted; only that order's", async () => {
      const [a, b] = [await store().collection('orders').insert(order), await store().collection('orders').insert(order)];
      await store().transaction((tx) => recordAudit(tx, a.id, boss, 'placed', {}, AT));
      await store().transaction((tx) => recordAudit(tx, b.id, boss, 'placed', {}, AT));
      await store().transaction((tx) =>
        recordAudit(tx, a.id, { user_id: null, user_name: 'scheduler' }, 'fired', { course: null, tickets: [] }, AT),
      );
      await store().transaction(async (tx) => {
        await tx.collection('orders').delete(a.id);
        await recordAudit(tx, a.id, boss, 'deleted', { status: { before: 'Received', after: null } }, AT);
      });
      expect((await trail(a.id)).results.map((entry) => [entry.action, entry.user_name])).toEqual([
        ['placed', 'boss'],
        ['fired', 'scheduler'],
        ['deleted', 'boss'],
      ]);
      expect((await trail(b.id)).total_results).toBe(1);
      await expect(trail('c'.repeat(24))).rejects.toMatchObject({ status: 404 });
    });

    it('makes no change event', async () => {
      const events: ChangeEvent[] = [];
      const stop = store().onChange((event) => events.push(event));
      try {
        const placed = await store().collection('orders').insert(order);
        await store().transaction((tx) => recordAudit(tx, placed.id, boss, 'placed', {}, AT));
        // A change stream delivers later: the marker's event comes after any the entry could have made.
        const marker = await store().collection('orders').insert(order);
        await vi.waitFor(() => expect(events.some((event) => event.id === marker.id)).toBe(true), { timeout: 5000, interval: 10 });
        expect(events.map((event) => event.collection)).toEqual(['orders', 'orders']);
      } finally {
        stop();
      }
    });
  });
}
