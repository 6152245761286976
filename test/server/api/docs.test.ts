// Health, readiness and the API's own documentation: the OpenAPI 3.1 document and Swagger UI.
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import { expectProblem, JSON_TYPE } from './support.js';

// Its tests only read: one app for the file (the fileApp fixture), a second where the store is closed.
describe('GET /health and /ready', () => {
  it("/health: the process is up, and names its release (package.json's version)", async ({ fileApp: t }) => {
    const response = await t.inject({ method: 'GET', url: '/health' });
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect({ status: response.statusCode, type: response.headers['content-type'], body: response.json() }).toStrictEqual({
      status: 200,
      type: JSON_TYPE,
      body: { status: 'ok', version },
    });
  });

  it('/ready: the store answers', async ({ fileApp: t }) => {
    const response = await t.inject({ method: 'GET', url: '/ready' });
    expect({ status: response.statusCode, body: response.json() }).toStrictEqual({
      status: 200,
      body: { status: 'ready', store: 'sqlite' },
    });
  });

  it('/ready: 503 with Retry-After when the store cannot answer', async ({ startApp }) => {
    const other = await startApp({ withoutUsers: true });
    await other.store.close();
    const response = await other.inject({ method: 'GET', url: '/ready' });
    expectProblem(response, 503, 'The sqlite store is not reachable: the store is closed');
    expect(response.headers['retry-after']).toBe('5');
    expect((await other.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('GET /openapi.json', () => {
  const EVERY_OPERATION = {
    '/health': ['get'],
    '/ready': ['get'],
    '/auth/token': ['post'],
    '/auth/refresh-token': ['post'],
    '/users': ['get', 'post'],
    '/users/{id}': ['delete', 'get', 'patch', 'put'],
    '/dishes': ['get', 'post'],
    '/dishes/{id}': ['delete', 'get', 'patch', 'put'],
    '/dishes/{id}/ingredients': ['get'],
    '/ingredients': ['get', 'post'],
    '/ingredients/{id}': ['delete', 'get', 'patch', 'put'],
    '/orders': ['get', 'post'],
    '/orders/{id}': ['delete', 'get', 'patch', 'put'],
    '/orders/{id}/dishes': ['get'],
    '/orders/{id}/tickets/{station}': ['patch'],
    '/stations/{station}/tickets': ['get'],
    '/stations/{station}/all-day': ['get'],
    '/reports/kitchen': ['get'],
    '/users/{id}/unlock': ['post'],
  };

  it('is an OpenAPI 3.1 document with every path and operation of the API', async ({ fileApp: t }) => {
    const response = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_TYPE);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Restaurant Point-of-Service API', version: '1.0' });
    const documented = Object.fromEntries(
      Object.entries(document.paths as Record<string, object>).map(([path, operations]) => [path, Object.keys(operations).sort()]),
    );
    for (const [path, methods] of Object.entries(EVERY_OPERATION))
      expect({ path, methods: documented[path] }).toStrictEqual({ path, methods });
  });

  it('documents the status codes, bearer security and list parameters', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.components.securitySchemes).toMatchObject({
      AccessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      BasicAuth: { type: 'http', scheme: 'basic' },
    });
    const postDishes = document.paths['/dishes'].post;
    // At least these: an Idempotency-Key adds 409 and 422 to every write, a Request-Deadline 412.
    expect(Object.keys(postDishes.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '412', '413', '415', '429', '503']),
    );
    expect(postDishes.security).toStrictEqual([{ AccessToken: [] }]);
    expect(Object.keys(document.paths['/auth/token'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '412', '413', '415', '429', '503']),
    );
    expect(Object.keys(document.paths['/auth/refresh-token'].post.responses)).toContain('200');
    expect(Object.keys(document.paths['/dishes/{id}'].delete.responses)).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '404', '409', '412', '429', '503']),
    );
    expect(Object.keys(document.paths['/orders/{id}'].put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '412', '413', '415', '429', '503']),
    );
    expect(Object.keys(document.paths['/dishes'].get.responses)).toStrictEqual(['200', '400', '429', '503']);
    const listParameters = document.paths['/orders'].get.parameters
      .map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)
      .sort();
    expect(listParameters).toStrictEqual(['query:fields', 'query:filter', 'query:limit', 'query:offset', 'query:order', 'query:sort']);
  });

  it('types limit and offset as integers on every list', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) => Object.values(item));
    const lists = operations.filter((operation) => operation.parameters?.some((parameter) => parameter.name === 'limit'));
    expect(lists.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining([
        'listUsers',
        'listDishes',
        'listDishIngredients',
        'listIngredients',
        'listOrders',
        'listOrderDishes',
        'listStationTickets',
      ]),
    );
    for (const operation of lists) {
      const typed = Object.fromEntries(
        (operation.parameters ?? [])
          .filter((parameter) => ['limit', 'offset'].includes(parameter.name))
          .map((parameter) => [parameter.name, parameter.schema]),
      );
      expect({ operation: operation.operationId, typed }).toStrictEqual({
        operation: operation.operationId,
        typed: { limit: { type: 'integer', minimum: 1, maximum: 30, default: 30 }, offset: { type: 'integer', minimum: 0, default: 0 } },
      });
    }
  });

  it('gives every operation a unique camelCase operationId, a real description per response and its security', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
    );
    const missing = operations.filter(({ operation }) => !/^[a-z][a-zA-Z]+$/.test(operation.operationId ?? '')).map(({ at }) => at);
    expect(missing, 'routes without schema.operationId').toStrictEqual([]);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    const vague = operations.flatMap(({ at, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => response.description === 'Default Response')
        .map(([status]) => `${at} ${status}`),
    );
    expect(vague).toStrictEqual([]);
    expect(operations.filter(({ operation }) => !operation.security).map(({ at }) => at)).toStrictEqual([]);
    expect(document.paths['/dishes'].get.security).toStrictEqual([]);
    expect(document.paths['/users'].post.security).toStrictEqual([{}, { AccessToken: [] }]);
    expect(document.paths['/auth/token'].post.security).toStrictEqual([{ BasicAuth: [] }, {}]);
  });

  it('declares every error as application/problem+json with the headers its status carries', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) => Object.values(item));
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        if (Number(status) >= 400)
          expect({ status, content: response.content }).toStrictEqual({
            status,
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          });
        if (status === '401') expect(headers).toContain('WWW-Authenticate');
        if (status === '429' || status === '503') expect(headers).toStrictEqual(['Retry-After']);
        if (status === '201') expect(headers.includes('Location')).toBe(operation.operationId !== 'logIn');
      }
    }
    expect(document.components.responses.MethodNotAllowed.headers).toStrictEqual({ Allow: { $ref: '#/components/headers/Allow' } });
  });

  it('names its schemas in components and refers to them', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(document.components.schemas)).toStrictEqual([
      'AllDay',
      'Authentication',
      'Dish',
      'DishPatch',
      'DishWrite',
      'Ingredient',
      'IngredientPatch',
      'IngredientWrite',
      'KitchenReport',
      'Order',
      'OrderCreate',
      'OrderItem',
      'OrderPatch',
      'OrderReplace',
      'PartialAuditEntry',
      'PartialDish',
      'PartialIngredient',
      'PartialOrder',
      'PartialStationOrder',
      'PartialUser',
      'PasswordGrant',
      'PrintAccepted',
      'Printer',
      'PrinterStatus',
      'Problem',
      'Quote',
      'RefreshRequest',
      'Settings',
      'StationPace',
      'Ticket',
      'TicketItem',
      'User',
      'UserCreate',
      'UserPatch',
      'UserReplace',
    ]);
    expect(document.components.schemas.Order.properties.tickets).toStrictEqual(
      expect.objectContaining({ type: 'array', items: { $ref: '#/components/schemas/Ticket' } }),
    );
    expect(document.paths['/orders/{id}'].patch.requestBody.content['application/json'].schema).toStrictEqual({
      $ref: '#/components/schemas/OrderPatch',
    });
    expect(document.paths['/orders'].post.responses['201'].content['application/json'].schema).toStrictEqual({
      $ref: '#/components/schemas/Order',
    });
    expect(document.paths['/dishes'].get.responses['200'].content['application/json'].schema.properties.results.items).toStrictEqual({
      $ref: '#/components/schemas/PartialDish',
    });
  });

  it('lets POST /auth/token go without a body (Basic credentials) and carries the license', async ({ fileApp: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths['/auth/token'].post.requestBody.required).toBe(false);
    expect(document.paths['/orders'].post.requestBody.required).toBe(true);
    expect(document.info.license).toStrictEqual({ name: 'Apache 2.0', identifier: 'Apache-2.0' });
    expect(document.info.description).toContain('docs/api.md');
  });
});

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: object }[];
  security?: object[];
  responses: Record<string, { description: string; content?: object; headers?: object }>;
}

describe('GET /docs', () => {
  it('serves Swagger UI', async ({ fileApp: t }) => {
    const response = await t.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Swagger UI</title>');
    expect(response.body).toContain('<div id="swagger-ui"></div>');
  });

  it('serves its assets', async ({ fileApp: t }) => {
    const response = await t.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
  });
});
