// REST calls: the bearer token when signed in, one refresh-and-retry after a 401, Problem errors
// (the server's detail, and Retry-After), and a time limit on every call so nothing hangs. A staff
// board's tap also carries a deadline, so that one the network delivers late changes nothing.
import { NotSentError } from './errors.js';
import { accessToken, refresh } from './session.js';

export { NotSentError };
/** @import { Problem } from '../../../types/api.js' */

/** The list limit is at most 30; bigger lists are read page by page. */
const PAGE = 30;
/** A board's tap waits this long for its answer (then it says "not sent"); other calls longer. */
export const TAP_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;
const WRITE_TIMEOUT_MS = 15_000;
/** The server's clock minus ours, from the Date header of its answers: deadlines are in its time. */
let serverOffsetMs = 0;

/** 32 random hex characters; crypto.randomUUID needs https, which a restaurant's LAN may not have. */
export function newIdempotencyKey() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class ApiError extends Error {
  /** @param {number} status @param {Partial<Problem>} problem @param {number | null} [retryAfter] seconds */
  constructor(status, problem, retryAfter = null) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
    /** The whole Problem body, for callers that read its extra members (a quote's `minutes`). */
    this.problem = problem;
  }
}

/**
 * @param {string} method @param {string} path @param {unknown} body @param {Record<string, string>} extra
 * @param {{ timeoutMs: number, deadline: boolean }} limits
 */
async function send(method, path, body, extra, { timeoutMs, deadline }) {
  const token = accessToken();
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json', ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Past this the server refuses the write (412): it cannot land after we told the cook "not sent".
  if (deadline) headers['request-deadline'] = String(Date.now() + serverOffsetMs + timeoutMs);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    // Bearer tokens only, never cookies; and no browser login box on a 401.
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      signal: abort.signal,
    });
    const date = Date.parse(response.headers.get('date') ?? '');
    if (Number.isFinite(date)) serverOffsetMs = date + 500 - Date.now();
    return response;
  } catch {
    throw new NotSentError(abort.signal.aborted ? 'timeout' : 'network', timeoutMs, method);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Never retried here (a tap must not land later without the cook knowing), except once after a
 * 401, which the server answered without applying anything.
 * @param {string} method @param {string} path @param {unknown} [body]
 * @param {Record<string, string>} [headers] e.g. an Idempotency-Key
 * @param {{ tap?: boolean }} [options] `tap`: a board's tap, with its short time limit and deadline
 * @returns {Promise<any>} the JSON body (null for 204)
 */
export async function api(method, path, body, headers = {}, options = {}) {
  const limits = options.tap
    ? { timeoutMs: TAP_TIMEOUT_MS, deadline: method !== 'GET' }
    : { timeoutMs: method === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS, deadline: false };
  let response = await send(method, path, body, headers, limits);
  if (response.status === 401 && accessToken() && (await refresh())) response = await send(method, path, body, headers, limits);
  if (response.status === 204) return null;
  const payload = await response.json().catch(() => ({}));
  const retryAfter = Number(response.headers.get('retry-after')) || null;
  if (!response.ok) throw new ApiError(response.status, payload, retryAfter);
  return payload;
}

/**
 * Every item of a list, page by page through `offset`. A list that changed while it was read (its
 * total moved, so an item may have slid between pages) is read again.
 * @param {string} path @param {Record<string, string>} [params] @returns {Promise<any[]>}
 */
export async function fetchAll(path, params = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const { items, total } = await readPages(path, params);
    if (items.size === total || attempt === 3) return [...items.values()];
  }
}

/** @param {string} path @param {Record<string, string>} params */
async function readPages(path, params) {
  /** @type {Map<string, any>} */
  const items = new Map();
  let total = 0;
  for (let offset = 0; offset === 0 || offset < total; offset += PAGE) {
    const query = new URLSearchParams({ ...params, limit: String(PAGE), offset: String(offset) });
    const page = await api('GET', `${path}?${query}`);
    total = page.total_results;
    for (const item of page.results) items.set(item.id, item);
    if (page.results.length < PAGE) break;
  }
  return { items, total };
}

/**
 * Changes whose answer never came (no connection, a timeout, a 5xx or 429), by what they asked: sent
 * again with the same Idempotency-Key when the same change is asked for again, so it applies once.
 * A change the server answered (a refusal included) is done with: asked again, it is a new request,
 * so one fixed after a refusal is not answered with the stored refusal.
 * @type {Map<string, string>}
 */
const unanswered = new Map();

/**
 * Sends a change; a refusal the server answered stands and is thrown, as is a lost answer (whose key
 * is kept for the next try of the same change).
 * @param {string} method @param {string} path @param {unknown} [body] @returns {Promise<any>}
 */
export async function sendChange(method, path, body) {
  const what = `${method} ${path} ${JSON.stringify(body ?? null)}`;
  const key = unanswered.get(what) ?? newIdempotencyKey();
  unanswered.set(what, key);
  try {
    const answer = await api(method, path, body, { 'idempotency-key': key });
    unanswered.delete(what);
    return answer;
  } catch (error) {
    const stillRunning = error instanceof ApiError && error.status === 409 && error.retryAfter !== null;
    if (error instanceof ApiError && error.status < 500 && error.status !== 429 && !stillRunning) unanswered.delete(what);
    throw error;
  }
}
