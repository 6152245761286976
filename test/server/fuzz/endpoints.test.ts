// Property-based fuzzing of every endpoint: bodies, paths and query strings from nearly valid to
// hostile, by every kind of caller. No answer is ever a 5xx; every error is a Problem with a title
// and a detail; and a refused request leaves every stored collection exactly as it was.
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { answerOf, forgeJwt, problemFault, snapshot } from '../security/support.js';
import { rawPayloadArb, requestArb, type Endpoint, type FuzzRequest, type IdPools } from './arbitraries.js';

// A few thousand requests in all, well under a minute on two cores; FUZZ_RUNS scales it.
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const RUNS = { endpoints: Math.round(2500 * SCALE), raw: Math.round(600 * SCALE), lists: Math.round(900 * SCALE) };
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

let t: TestApp;
let endpoints: Endpoint[];
const pools: IdPools = { dishes: [], ingredients: [], orders: [], users: [] };
const stats = { requests: 0, serverErrors: 0, rejected: 0, accepted: 0, byStatus: new Map<number, number>() };

// One app for the file (fileApp), on purpose: the fuzz's runs build on what earlier runs stored.
it.beforeAll(async ({ fileApp }) => {
  t = fileApp;
  const menu = await seedMenu(t, 1000);
  pools.dishes.push(menu.salad.id, menu.steak.id, menu.lemonade.id);
  pools.ingredients.push(menu.lettuce.id, menu.beef.id, menu.lemon.id, menu.salt.id);
  // The role accounts stay out of the pools: a fuzzed DELETE must not end the run's own tokens.
  const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  const byStatus = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `fuzz: ${stats.requests} requests, ${stats.serverErrors} 5xx, ${stats.rejected} rejected (stored data ` +
      `unchanged by every one), ${stats.accepted} accepted [${byStatus}]`,
  );
});

function authorization(caller: FuzzRequest['caller']): Record<string, string> {
  if (caller === null) return {};
  if (caller === 'garbage') return { authorization: 'Bearer not.a.token' };
  if (caller === 'forged')
    return {
      authorization: `Bearer ${forgeJwt({ alg: 'none' }, { sub: t.userIds.manager, role: 'manager', aud: 'pos-api', iss: 'pos-server', exp: 9e9 })}`,
    };
  return { authorization: `Bearer ${t.tokens[caller]}` };
}

/** Sends one request and checks every invariant; what a success creates joins the id pools. */
async function fire(request: FuzzRequest): Promise<void> {
  const before = await snapshot(t.store);
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...authorization(request.caller) },
    payload: request.payload,
  });
  stats.requests++;
  stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
  const where = `${request.method} ${request.url.slice(0, 120)} as ${request.caller}`;
  if (response.statusCode >= 500) {
    stats.serverErrors++;
    throw new Error(`${where} → ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  if (response.statusCode >= 400) {
    stats.rejected++;
    const fault = problemFault(answerOf(response));
    if (fault) throw new Error(`${where} → ${response.statusCode} is not a Problem (${fault}): ${response.body.slice(0, 200)}`);
    const after = await snapshot(t.store);
    // A refused sign-in is counted for the login throttle (login_failures): its bookkeeping, no data.
    const signIn = request.method === 'POST' && request.url.split('?')[0] === '/auth/token';
    const data = (state: typeof after) => (signIn ? { ...state, login_failures: undefined } : state);
    expect(data(after), `${where} → ${response.statusCode} changed stored data`).toEqual(data(before));
    return;
  }
  stats.accepted++;
  const [, resource, id] = request.url.split('?')[0]?.split('/') ?? [];
  const pool = pools[resource as keyof IdPools];
  if (response.statusCode === 201 && pool) pool.push(response.json<{ id: string }>().id);
  if (response.statusCode === 204 && pool) pool.splice(pool.indexOf(id ?? ''), 1);
}

const params = (numRuns: number) => ({ numRuns, ...(SEED !== undefined && { seed: SEED }), endOnFailure: true });

describe('fuzzing every endpoint', () => {
  it(`${RUNS.endpoints} requests of every method, path, query and body, by every kind of caller`, { timeout: 240_000 }, async () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(25);
    await fc.assert(fc.asyncProperty(requestArb(endpoints, pools), fire), params(RUNS.endpoints));
  });

  it(
    `${RUNS.raw} malformed payloads (broken JSON, bytes, deep nesting, prototype keys) on every writing endpoint`,
    { timeout: 120_000 },
    async () => {
      const writers = endpoints.filter((endpoint) => ['POST', 'PUT', 'PATCH'].includes(endpoint.method));
      const arbitrary = fc
        .record({
          endpoint: fc.constantFrom(...writers),
          payload: rawPayloadArb,
          caller: fc.constantFrom('manager', 'patron', null) as fc.Arbitrary<FuzzRequest['caller']>,
        })
        .map(({ endpoint, payload, caller }): FuzzRequest => ({
          method: endpoint.method,
          url: endpoint.path.replace('{id}', pools.orders[0] ?? 'aaaaaaaaaaaaaaaaaaaaaaaa'),
          caller,
          headers: { 'content-type': 'application/json' },
          payload,
        }));
      await fc.assert(fc.asyncProperty(arbitrary, fire), params(RUNS.raw));
    },
  );

  it(`${RUNS.lists} list queries built from the filter grammar`, { timeout: 120_000 }, async () => {
    const lists = [
      '/dishes',
      '/ingredients',
      '/orders',
      '/users',
      `/dishes/${pools.dishes[0]}/ingredients`,
      `/orders/${pools.orders[0] ?? 'aaaaaaaaaaaaaaaaaaaaaaaa'}/dishes`,
    ];
    const { queryArb } = await import('./arbitraries.js');
    const arbitrary = fc
      .record({
        list: fc.constantFrom(...lists),
        query: queryArb,
        caller: fc.constantFrom('manager', 'patron', 'chef') as fc.Arbitrary<FuzzRequest['caller']>,
      })
      .map(({ list, query, caller }): FuzzRequest => {
        const search = new URLSearchParams(query).toString();
        return { method: 'GET', url: search ? `${list}?${search}` : list, caller, headers: {} };
      });
    await fc.assert(fc.asyncProperty(arbitrary, fire), params(RUNS.lists));
  });
});
