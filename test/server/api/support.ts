// What the API suites share: exact Problem assertions, the id and timestamp shapes, a clock that
// stands still, and hand-made credentials.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const ID = /^[0-9a-f]{24}$/;
/** ISO 8601 UTC with milliseconds and Z. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const anId = () => expect.stringMatching(ID);
export const aTimestamp = () => expect.stringMatching(ISO);
/** A well-formed id no resource has. */
export const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The response is exactly this Problem: status, media type and the whole body. */
export function expectProblem(
  response: LightMyRequestResponse,
  status: number,
  detail: unknown,
  extras: Record<string, unknown> = {},
): void {
  expect({ status: response.statusCode, type: response.headers['content-type'], body: response.json() }).toStrictEqual({
    status,
    type: PROBLEM_TYPE,
    body: { type: 'about:blank', title: TITLES[status], status, detail, ...extras },
  });
}

/** A 400 from request validation: the detail lists every issue, `errors` holds them one by one. */
export function expectInvalid(
  response: LightMyRequestResponse,
  context: 'body' | 'querystring' | 'params',
  errors: { path: string; message: string }[],
): void {
  const detail = `Invalid ${context}. ${errors.map((issue) => `${issue.path} ${issue.message}`).join('; ')}.`;
  expectProblem(response, 400, detail, { errors });
}

/** A 400 from the list-query parser: `path` names the parameter. */
export function expectQueryError(response: LightMyRequestResponse, path: string, detail: string): void {
  expectProblem(response, 400, detail, { errors: [{ path, message: detail }] });
}

export const MISSING_TOKEN = 'This operation needs `Authorization: Bearer <access_token>`; get one at POST /auth/token.';
export const BEARER_CHALLENGE = 'Bearer realm="pos"';
export const BASIC_CHALLENGE = 'Basic realm="pos", charset="UTF-8"';

/** A 401 for a missing or refused access token, with its Bearer challenge. */
export function expectUnauthorized(response: LightMyRequestResponse, detail: string = MISSING_TOKEN): void {
  expectProblem(response, 401, detail);
  expect(response.headers['www-authenticate']).toBe(BEARER_CHALLENGE);
}

export const MENU_EDITORS_ONLY = (role: string) => `Your role (${role}) may not change the menu or the stock; this needs chef or manager.`;

export function expectCreated(response: LightMyRequestResponse, collectionPath: string): { id: string } & Record<string, unknown> {
  expect(response.statusCode).toBe(201);
  expect(response.headers['content-type']).toBe(JSON_TYPE);
  const body = response.json<{ id: string } & Record<string, unknown>>();
  expect(response.headers.location).toBe(`${collectionPath}/${body.id}`);
  return body;
}

export function expectNoContent(response: LightMyRequestResponse): void {
  expect({ status: response.statusCode, body: response.body, type: response.headers['content-type'] }).toStrictEqual({
    status: 204,
    body: '',
    type: undefined,
  });
}

/** The clock that stands still until told (kept in test/helpers/app.ts, beside the app's TestClock). */
export { FrozenClock } from '../../helpers/app.js';

export const basic = (userName: string, password: string) => `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** A name no other test in this process has used. */
export const unique = (prefix: string) => `${prefix}${++counter}`;
