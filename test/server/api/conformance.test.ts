// The response check every API test runs through (test/helpers/conformance.ts) refuses what the
// served document does not describe: it can fail, and says why.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { responseChecker } from '../../helpers/conformance.js';
import { it } from '../../helpers/fixtures.js';
import { JSON_TYPE, PROBLEM_TYPE } from './support.js';

// The check is built once from the file's app (the fileApp fixture); the tests only read.
let check: Awaited<ReturnType<typeof responseChecker>>;
it.beforeAll(async ({ fileApp }) => {
  check = await responseChecker(fileApp.app);
});

const answer = (statusCode: number, type: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  ({
    statusCode,
    headers: { ...(type && { 'content-type': type }), ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  }) as unknown as LightMyRequestResponse;
const problem = (status: number) => ({ type: 'about:blank', title: 'Problem', status, detail: 'What went wrong.' });
const health = { method: 'GET', url: '/health' } as const;

describe('the OpenAPI response check', () => {
  it('accepts an answer the document describes', () => {
    expect(() => check(health, answer(200, JSON_TYPE, { status: 'ok', version: '1.1.0' }))).not.toThrow();
    expect(() =>
      check({ method: 'DELETE', url: '/dishes/aaaaaaaaaaaaaaaaaaaaaaaa' }, answer(404, PROBLEM_TYPE, problem(404))),
    ).not.toThrow();
  });

  it('refuses a status the operation does not declare', () => {
    expect(() => check(health, answer(418, PROBLEM_TYPE, problem(418)))).toThrow(
      'OpenAPI mismatch: GET /health answered 418: the status is not declared',
    );
  });

  it('refuses a media type the status does not list', () => {
    expect(() => check(health, answer(429, JSON_TYPE, problem(429), { 'retry-after': '1' }))).toThrow(
      'media type "application/json" is not one of application/problem+json',
    );
  });

  it('refuses a body its schema does not allow', () => {
    expect(() => check(health, answer(200, JSON_TYPE, { status: 7 }))).toThrow('The response was not valid.');
    expect(() =>
      check({ method: 'GET', url: '/orders?limit=1' }, answer(200, JSON_TYPE, { results: [{ priority: 9 }], total_results: 1 })),
    ).toThrow('must be <= 5');
  });

  it('refuses an answer without a header its status requires', () => {
    expect(() => check({ method: 'GET', url: '/orders' }, answer(401, PROBLEM_TYPE, problem(401)))).toThrow(
      'header WWW-Authenticate is missing',
    );
    expect(() => check({ method: 'PUT', url: '/health' }, answer(405, PROBLEM_TYPE, problem(405)))).toThrow('header Allow is missing');
  });

  it('refuses a body where the document declares none', () => {
    expect(() => check({ method: 'DELETE', url: '/orders/aaaaaaaaaaaaaaaaaaaaaaaa' }, answer(204, JSON_TYPE, {}))).toThrow(
      'a body (application/json) where none is declared',
    );
  });
});
