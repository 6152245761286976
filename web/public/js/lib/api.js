// REST calls: the bearer token when signed in, one refresh-and-retry after a 401, Problem errors.
import { accessToken, refresh } from './session.js';

/** The list limit is at most 30; bigger lists are read page by page. */
const PAGE = 30;

export class ApiError extends Error {
  /** @param {number} status @param {{ title?: string, detail?: string }} problem @param {number | null} [retryAfter] seconds */
  constructor(status, problem, retryAfter = null) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** @param {string} method @param {string} path @param {unknown} [body] @param {Record<string, string>} [extra] */
async function send(method, path, body, extra = {}) {
  const token = accessToken();
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json', ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Bearer tokens only, never cookies; and no browser login box on a 401.
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', credentials: 'omit' });
}

/**
 * @param {string} method @param {string} path @param {unknown} [body]
 * @param {Record<string, string>} [headers] e.g. an Idempotency-Key
 * @returns {Promise<any>} the JSON body (null for 204)
 */
export async function api(method, path, body, headers = {}) {
  let response = await send(method, path, body, headers);
  if (response.status === 401 && accessToken() && (await refresh())) response = await send(method, path, body, headers);
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
