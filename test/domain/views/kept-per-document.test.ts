// Values kept per document (domain/views/kept-per-document.ts): a value read while its document
// changed is answered as read but not kept, a change to another document keeps it, a resync drops
// every value (those read in flight too), and at most `max` are kept, the oldest going first.
import { describe, expect, it } from 'vitest';
import { KeptPerDocument } from '../../../domain/views/kept-per-document.js';
import type { OrderDoc } from '../../../models/order.js';
import type { Store } from '../../../store/types.js';
import { gatedStore } from '../../store/fixtures/other-program.js';
import { order, storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-kept-');

/** Three orders in a fresh store, a view of their names over `viewed`, and the documents it derived from. */
async function names(max = 10, viewed?: (store: Store) => Store) {
  const { store } = open();
  const orders = store.collection('orders');
  const [ann, ben, cid] = [
    await orders.insert(order('Received', { name: 'Ann' })),
    await orders.insert(order('Received', { name: 'Ben' })),
    await orders.insert(order('Received', { name: 'Cid' })),
  ];
  const derived: string[] = [];
  const over = viewed?.(store) ?? store;
  const view = new KeptPerDocument(over, 'orders', (doc: OrderDoc) => (derived.push(doc.name), doc.name), max);
  return { store, orders, over, ann, ben, cid, view, derived };
}

describe('values kept per document', () => {
  it('keeps what it read: a second read of the same documents reads nothing', async () => {
    const { store, ann, ben, view, derived } = await names();
    expect(await view.read(store.collection('orders'), [ann.id, ben.id, '5f00000000000000000000ff'])).toEqual(['Ann', 'Ben', undefined]);
    expect(await view.get(ann.id)).toBe('Ann');
    expect(await view.read(store.collection('orders'), [ben.id, ann.id])).toEqual(['Ben', 'Ann']);
    expect(derived).toEqual(['Ann', 'Ben']);
    view.close();
  });

  it('a change to a kept document drops its value: the next read derives it anew', async () => {
    const { store, orders, ann, ben, view, derived } = await names();
    await view.read(store.collection('orders'), [ann.id, ben.id]);
    await orders.update(ann.id, { set: { name: 'Ann-Marie' } });
    expect(await view.read(store.collection('orders'), [ann.id, ben.id])).toEqual(['Ann-Marie', 'Ben']);
    expect(derived).toEqual(['Ann', 'Ben', 'Ann-Marie']);
    view.close();
  });

  it('a document changed while it was read is answered as read, but not kept; the others read with it are', async () => {
    let gated!: ReturnType<typeof gatedStore>;
    const { orders, over, ann, ben, cid, view, derived } = await names(10, (store) => (gated = gatedStore(store, 'orders')).store);
    const open = gated.gate();
    const reading = view.read(over.collection('orders'), [ann.id, ben.id]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Committed after the read, before it is answered: Ann's value read is the older one.
    await orders.update(ann.id, { set: { name: 'Ann-Marie' } });
    await orders.update(cid.id, { set: { name: 'Cidney' } });
    open();
    expect(await reading).toEqual(['Ann', 'Ben']);
    expect(await view.get(ann.id)).toBe('Ann-Marie');
    expect(await view.get(ben.id)).toBe('Ben');
    expect(derived).toEqual(['Ann', 'Ben', 'Ann-Marie']);
    view.close();
  });

  it("another program's commit (a resync) drops every value, those of a read in flight too", async () => {
    let gated!: ReturnType<typeof gatedStore>;
    const { over, ann, ben, cid, view, derived } = await names(10, (store) => (gated = gatedStore(store, 'orders')).store);
    expect(await view.get(cid.id)).toBe('Cid');
    const open = gated.gate();
    const reading = view.read(over.collection('orders'), [ann.id, ben.id]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    gated.resync('repaired');
    open();
    expect(await reading).toEqual(['Ann', 'Ben']);
    expect([await view.get(ann.id), await view.get(ben.id), await view.get(cid.id)]).toEqual(['Ann', 'Ben', 'Cid']);
    expect(derived).toEqual(['Cid', 'Ann', 'Ben', 'Ann', 'Ben', 'Cid']);
    view.close();
  });

  it('keeps at most `max` values, dropping the oldest first', async () => {
    const { ann, ben, cid, view, derived } = await names(2);
    for (const id of [ann.id, ben.id, cid.id, ben.id, ann.id]) await view.get(id);
    expect(derived).toEqual(['Ann', 'Ben', 'Cid', 'Ann']);
    view.close();
  });
});
