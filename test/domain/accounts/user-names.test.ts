// A typed user name finds its account whatever its case (names are unique case-insensitively): at
// login, for the configured first manager, and for `npm run reset-admin`. A part of a name, or the
// same letters without their accents, is another name.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ensureBootstrapManager, resetManager, userNamed } from '../../../domain/accounts/users.js';
import { Passwords } from '../../../domain/accounts/passwords.js';
import { TokenService } from '../../../domain/accounts/tokens.js';
import type { Store } from '../../../store/types.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-user-names-');
let store: Store;
let tokens: TokenService;
const now = () => new Date('2026-11-27T12:00:00.000Z');
beforeEach(() => {
  store = open().store;
  tokens = new TokenService(store, { secret: 'user-names-test-secret-long-enough-000', accessTtlSeconds: 60, refreshTtlSeconds: 60, now });
});
afterEach(() => tokens.close());

const addUser = (user_name: string, role: 'chef' | 'manager' = 'chef') =>
  store.collection('users').insert({ user_name, email: `${user_name.toLowerCase()}@example.com`, role, password_hash: 'hash' });

it('finds an account by its name in any case, and by no part of it nor without its accents', async () => {
  const elodie = await addUser('Élodie');
  await addUser('Elodie-Marie');
  for (const typed of ['Élodie', 'élodie', 'ÉLODIE']) expect((await userNamed(store, typed))?.id).toBe(elodie.id);
  for (const typed of ['Elodie', 'élo', 'lodie', 'Élodie-']) expect(await userNamed(store, typed)).toBeUndefined();
});

it('takes the first manager from configuration as existing when only the case differs, and creates none', async () => {
  const existing = await addUser('manager1', 'manager');
  const deps = { store, now, passwords: new Passwords(4), tokens };
  expect(await ensureBootstrapManager(deps, { userName: 'Manager1', password: 'Admin@Pass1', email: 'boss@example.com' })).toBe('exists');
  expect((await store.collection('users').find([])).map(({ id, user_name }) => ({ id, user_name }))).toStrictEqual([
    { id: existing.id, user_name: 'manager1' },
  ]);
});

it('resets the account named in another case (its name kept), rather than failing on a duplicate', async () => {
  const existing = await addUser('manager1', 'chef');
  const deps = { store, now, passwords: new Passwords(4), tokens };
  expect(await resetManager(deps, { userName: 'MANAGER1', password: 'Forgot@Mine2', email: 'boss@example.com' })).toBe('reset');
  const [user, ...others] = await store.collection('users').find([]);
  expect(others).toStrictEqual([]);
  expect(user).toMatchObject({ id: existing.id, user_name: 'manager1', role: 'manager' });
  expect(await deps.passwords.verify('Forgot@Mine2', user?.password_hash)).toBe(true);
});
