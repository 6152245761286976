// Idempotent writes: the rule. A key names one request of one caller for 24 hours; the first
// request's outcome is stored with its write, a repeat of it gets that outcome again, anything
// else sent with the key is refused.
import { hash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS, type StoredOutcome } from '../../models/idempotency.js';
import { DuplicateKeyError, type StoreSession } from '../../store/types.js';
import type { Deps } from '../deps.js';
import { badRequest, conflict, ProblemError } from '../errors.js';

export interface IdempotentRequest {
  /** Whose key it is: the user, or for anonymous calls the route. */
  scope: string;
  key: string;
  /** Method, path and body, hashed. */
  fingerprint: string;
}

export type Prior = { kind: 'new' } | { kind: 'replay'; outcome: StoredOutcome } | { kind: 'mismatch' };

export function scopeOf(userId: string | null, method: string, route: string): string {
  return userId ? `user:${userId}` : `route:${method} ${route}`;
}

/** 400 unless the header is 1-255 visible ASCII characters. */
export function checkedKey(header: string | string[]): string {
  if (typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header)) return header;
  throw badRequest('The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters (no spaces).', {
    errors: [{ path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' }],
  });
}

/** Object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

export function fingerprintOf(method: string, path: string, body: unknown): string {
  return hash('sha256', `${method} ${path}\n${JSON.stringify(canonical(body ?? null))}`, 'hex');
}

/** The record's id: derived from scope and key, so the primary key keeps one record per caller's key. */
export function recordId({ scope, key }: IdempotentRequest): string {
  return hash('sha256', `${scope}\n${key}`, 'hex').slice(0, 24);
}

/** What an earlier request with this key left; an expired record is removed and counts as none. */
export async function findPrior({ store, now }: Deps, request: IdempotentRequest): Promise<Prior> {
  const keys = store.collection('idempotency_keys');
  const record = await keys.get(recordId(request));
  if (!record) return { kind: 'new' };
  if (record.expires_at <= now().toISOString()) {
    // Only that record: a fresh one made meanwhile by a concurrent request has another created_at.
    await keys.delete(record.id, { if: [{ field: 'created_at', op: 'eq', value: record.created_at }] });
    return { kind: 'new' };
  }
  if (record.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
  const { status, location, content_type, body } = record;
  return { kind: 'replay', outcome: { status, location, content_type, body } };
}

/** Stores the outcome; inside a transaction it commits with the write. */
export async function recordOutcome(session: StoreSession, request: IdempotentRequest, outcome: StoredOutcome, at: Date): Promise<void> {
  const expires_at = new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString();
  await session.collection('idempotency_keys').insert({ id: recordId(request), ...request, ...outcome, expires_at });
}

/** Outcomes a retry must run afresh for: server failures and throttling. */
export const isStorable = (status: number) => status < 500 && status !== 429;

export const isKeyTaken = (error: unknown) => error instanceof DuplicateKeyError && error.collection === 'idempotency_keys';

export const stillRunning = () =>
  conflict('A request with this Idempotency-Key is still being handled; retry after it has finished.', { headers: { 'retry-after': '1' } });

export const keyReused = () =>
  new ProblemError(
    422,
    'Unprocessable Entity',
    'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request.',
  );
