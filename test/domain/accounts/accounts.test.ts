// The account behind a token: kept in memory with the embedded store, and read again at once after
// any change to that user (a role changed, the account deleted).
import { beforeEach, expect, it } from 'vitest';
import { AccountReader } from '../../../domain/accounts/accounts.js';
import type { Store } from '../../../store/types.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';
import { overriding } from '../../store/fixtures/overriding.js';

const { open } = storesPerTest('pos-accounts-');
let store: Store;
beforeEach(() => {
  store = open().store;
});

/** The store, counting reads of users. */
function counting(inner: Store): { store: Store; reads: () => number } {
  let reads = 0;
  const store = overriding(inner, {
    collection: ((name: 'users') => {
      if (name === 'users') reads += 1;
      return inner.collection(name);
    }) as Store['collection'],
  });
  return { store, reads: () => reads };
}

it('reads an account once, then again only after it changed; a deleted one is gone at once', async () => {
  const ana = await store.collection('users').insert({ user_name: 'ana', email: 'ana@example.com', role: 'chef', password_hash: 'hash' });
  const { store: watched, reads } = counting(store);
  const accounts = new AccountReader(watched);
  expect(await accounts.get(ana.id)).toEqual({ id: ana.id, user_name: 'ana', role: 'chef' });
  expect(await accounts.get(ana.id)).toEqual({ id: ana.id, user_name: 'ana', role: 'chef' });
  expect(reads()).toBe(1);
  await store.collection('users').update(ana.id, { set: { role: 'expeditor' } });
  expect(await accounts.get(ana.id)).toEqual({ id: ana.id, user_name: 'ana', role: 'expeditor' });
  expect(reads()).toBe(2);
  await store.collection('users').delete(ana.id);
  expect(await accounts.get(ana.id)).toBeUndefined();
});

it('does not keep an account read while that user changed', async () => {
  const ben = await store.collection('users').insert({ user_name: 'ben', email: 'ben@example.com', role: 'patron', password_hash: 'hash' });
  const { store: watched, reads } = counting(store);
  const accounts = new AccountReader(watched);
  const reading = accounts.get(ben.id);
  await store.collection('users').update(ben.id, { set: { role: 'manager' } });
  await reading;
  expect((await accounts.get(ben.id))?.role).toBe('manager');
  expect(reads()).toBe(2);
});

it('stops following the store once closed: its listeners are removed and nothing stays kept', async () => {
  const cleo = await store
    .collection('users')
    .insert({ user_name: 'cleo', email: 'cleo@example.com', role: 'chef', password_hash: 'hash' });
  let following = 0;
  const follow =
    (subscribe: (listener: never) => () => void) =>
    (listener: never): (() => void) => {
      following += 1;
      const stop = subscribe(listener);
      return () => {
        following -= 1;
        stop();
      };
    };
  const watched = overriding(store, {
    onChange: follow(store.onChange.bind(store) as never) as Store['onChange'],
    onResync: follow(store.onResync.bind(store) as never) as Store['onResync'],
  });
  const { store: counted, reads } = counting(watched);
  const accounts = new AccountReader(counted);
  expect(following).toBe(2);
  expect(await accounts.get(cleo.id)).toEqual({ id: cleo.id, user_name: 'cleo', role: 'chef' });
  accounts.close();
  expect(following).toBe(0);
  expect(await accounts.get(cleo.id)).toEqual({ id: cleo.id, user_name: 'cleo', role: 'chef' });
  expect(reads()).toBe(2);
});
