// What the hardening suites share: a snapshot of every stored collection (to prove a refused
// request changed nothing), the generic Problem check, and hand-made JWTs.
import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { COLLECTION_NAMES } from '../../../models/collections.js';
import type { Store } from '../../../store/types.js';

const BACKGROUND: readonly string[] = ['print_jobs', 'print_spool', 'printer_states', 'board_presence', 'station_takeovers'];

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

/** Every document of every collection, in id order: equal snapshots mean nothing was written. */
export async function snapshot(store: Store): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    // The printers' jobs, states and the spool's bookmark, and the boards' presence, are written in
    // the background, after earlier accepted changes (a worker's retry, a bookmark moving on, a board
    // heard), whatever the request at hand does.
    COLLECTION_NAMES.filter((name) => !BACKGROUND.includes(name)).map(
      async (name) => [name, await store.collection(name).find([], { sort: { field: 'id', direction: 'asc' } })] as const,
    ),
  );
  return Object.fromEntries(entries);
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

export const answerOf = (response: LightMyRequestResponse): Answer => ({
  status: response.statusCode,
  contentType: response.headers['content-type'] as string | undefined,
  body: response.body,
});

/** Why `answer` is not a well-formed Problem, or null when it is one. */
export function problemFault(answer: Answer): string | null {
  if (answer.contentType !== PROBLEM_TYPE) return `content-type ${answer.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  const { title, detail, status } = (body ?? {}) as Record<string, unknown>;
  if (typeof title !== 'string' || title === '') return 'no title';
  if (typeof detail !== 'string' || detail === '') return 'no detail';
  if (status !== undefined && status !== answer.status) return `status ${String(status)} in the body`;
  return null;
}

/** The response is a Problem with this status (any detail). */
export function expectProblemStatus(response: LightMyRequestResponse, status: number): Record<string, unknown> {
  expect({ status: response.statusCode, fault: problemFault(answerOf(response)) }).toEqual({ status, fault: null });
  return response.json();
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT signed (HS256 unless the header says otherwise) with `secret`, or unsigned for `alg: none`. */
export function forgeJwt(header: Record<string, unknown>, payload: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (header.alg === 'none') return `${signingInput}.`;
  const hash = header.alg === 'HS512' ? 'sha512' : header.alg === 'HS384' ? 'sha384' : 'sha256';
  return `${signingInput}.${createHmac(hash, secret).update(signingInput).digest('base64url')}`;
}

/** The claims of a token the server issued, to copy into forged ones. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
