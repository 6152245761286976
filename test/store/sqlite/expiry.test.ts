// The embedded store deletes expired idempotency keys by itself: on a write to the collection, at
// most once a minute, with one DELETE that reads the index on the expiry (never a full scan).
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import type { IdempotencyKeyDoc } from '../../../models/idempotency.js';
import { fieldExpression } from '../../../store/sqlite/schema.js';
import type { NewDoc } from '../../../store/types.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-expiry-');

const record = (n: number, expires_at: string): NewDoc<IdempotencyKeyDoc> => ({
  id: n.toString(16).padStart(24, '0'),
  scope: 'user:me',
  key: `k${n}`,
  fingerprint: 'f',
  status: 201,
  location: null,
  content_type: null,
  body: '',
  expires_at,
});

it('removes records past their expiry on a later insert, at most once a minute', async () => {
  let now = new Date('2030-01-01T12:00:00.000Z');
  const { store } = open({ clock: () => now });
  const keys = store.collection('idempotency_keys');
  await keys.insert(record(1, '2030-01-01T12:00:30.000Z'));
  await keys.insert(record(2, '2030-01-02T12:00:00.000Z'));
  now = new Date('2030-01-01T12:00:45.000Z');
  await keys.insert(record(3, '2030-01-02T12:00:45.000Z'));
  // Expired, but the last purge ran less than a minute ago (at the first insert).
  expect((await keys.find([])).map((doc) => doc.key)).toEqual(['k1', 'k2', 'k3']);
  now = new Date('2030-01-01T12:01:01.000Z');
  await keys.insert(record(4, '2030-01-02T12:01:01.000Z'));
  expect((await keys.find([])).map((doc) => doc.key)).toEqual(['k2', 'k3', 'k4']);
});

it('finds expired records through the index on expires_at', async () => {
  const { dataDir, store } = open();
  await store.collection('idempotency_keys').insert(record(1, '2030-01-01T00:00:00.000Z'));
  const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN DELETE FROM "idempotency_keys" WHERE ${fieldExpression('idempotency_keys', 'expires_at')} <= ?`)
    .all('2030-01-01T00:00:00.000Z') as { detail: string }[];
  db.close();
  expect(plan.map((step) => step.detail).join('\n')).toMatch(/USING (COVERING )?INDEX idempotency_keys__expires_at/);
});
