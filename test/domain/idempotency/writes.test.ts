// The domain's store inside a write scope: the first write unit carries the key's record in its own
// transaction (a single-document write becomes one), so the two commit together or not at all.
import { beforeEach, expect, it } from 'vitest';
import { recordId, recordOutcome } from '../../../domain/idempotency/idempotency.js';
import { KeyTakenError, withIdempotentWrites, WriteScope } from '../../../domain/idempotency/idempotent-writes.js';
import type { Store } from '../../../store/types.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-idem-writes-');
let plain: Store;
let store: Store;
beforeEach(() => {
  plain = open().store;
  store = withIdempotentWrites(plain);
});

const request = { scope: 'user:me', key: 'k1', fingerprint: 'f' };
/** As the route layer builds it: no answer from a null result (nothing found, nothing written). */
const scope = () =>
  new WriteScope(
    request,
    (result) => (result === null ? null : { status: 201, location: null, content_type: 'application/json', body: JSON.stringify(result) }),
    () => new Date(),
  );
const ingredient = { name: 'Rice', in_stock_qty: 5, price: 1 };

it('a single-document write in a scope commits with the record of its outcome', async () => {
  const writes = scope();
  const created = await writes.run(() => store.collection('ingredients').insert(ingredient));
  expect(writes.recorded).toEqual({ status: 201, location: null, content_type: 'application/json', body: JSON.stringify(created) });
  expect(await plain.collection('idempotency_keys').get(recordId(request))).toMatchObject({
    ...request,
    status: 201,
    body: JSON.stringify(created),
  });
});

it('only the first write unit carries the record; later ones and writes outside a scope are plain', async () => {
  const writes = scope();
  await writes.run(async () => {
    await store.collection('ingredients').insert(ingredient);
    await store.collection('ingredients').insert({ ...ingredient, name: 'Salt' });
  });
  await store.collection('ingredients').insert({ ...ingredient, name: 'Lime' });
  expect(await plain.collection('ingredients').find([])).toHaveLength(3);
  expect(await plain.collection('idempotency_keys').find([])).toHaveLength(1);
});

it('when the key was taken meanwhile, the write is rolled back with it', async () => {
  await recordOutcome(plain, request, { status: 201, location: null, content_type: null, body: 'first' }, new Date());
  const writes = scope();
  await expect(writes.run(() => store.transaction((tx) => tx.collection('ingredients').insert(ingredient)))).rejects.toBeInstanceOf(
    KeyTakenError,
  );
  expect(await plain.collection('ingredients').find([])).toEqual([]);
  expect(writes.recorded).toBeNull();
});

it('a transaction that fails stores nothing, and a result that is no answer (null) stores no record', async () => {
  const failing = scope();
  await expect(
    failing.run(() =>
      store.transaction(async (tx) => {
        await tx.collection('ingredients').insert(ingredient);
        throw new Error('refused');
      }),
    ),
  ).rejects.toThrow('refused');
  const nothing = scope();
  await nothing.run(() => store.collection('ingredients').update('0'.repeat(24), { set: { name: 'X' } }));
  expect(await plain.collection('idempotency_keys').find([])).toEqual([]);
  expect(await plain.collection('ingredients').find([])).toEqual([]);
});
