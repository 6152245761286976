// Health, readiness and the API's own documentation: the OpenAPI 3.1 document and Swagger UI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectProblem, JSON_TYPE } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /health and /ready', () => {
  it('/health: the process is up', async () => {
    const response = await t.inject({ method: 'GET', url: '/health' });
    expect({ status: response.statusCode, type: response.headers['content-type'], body: response.json() }).toStrictEqual({ status: 200, type: JSON_TYPE, body: { status: 'ok' } });
  });

  it('/ready: the store answers', async () => {
    const response = await t.inject({ method: 'GET', url: '/ready' });
    expect({ status: response.statusCode, body: response.json() }).toStrictEqual({ status: 200, body: { status: 'ready', store: 'sqlite' } });
  });

  it('/ready: 503 with Retry-After when the store cannot answer', async () => {
    const other = await startTestApp({ withoutUsers: true });
    try {
      await other.store.close();
      const response = await other.inject({ method: 'GET', url: '/ready' });
      expectProblem(response, 503, 'The sqlite store is not reachable: the store is closed');
      expect(response.headers['retry-after']).toBe('5');
      expect((await other.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
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
  };

  it('is an OpenAPI 3.1 document with every path and operation of the API', async () => {
    const response = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_TYPE);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Restaurant Point-of-Service API', version: '1.0' });
    const documented = Object.fromEntries(Object.entries(document.paths as Record<string, object>).map(([path, operations]) => [path, Object.keys(operations).sort()]));
    for (const [path, methods] of Object.entries(EVERY_OPERATION)) expect({ path, methods: documented[path] }).toStrictEqual({ path, methods });
  });

  it('documents the status codes, bearer security and list parameters', async () => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.components.securitySchemes).toMatchObject({ AccessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BasicAuth: { type: 'http', scheme: 'basic' } });
    const postDishes = document.paths['/dishes'].post;
    expect(Object.keys(postDishes.responses).sort()).toStrictEqual(['201', '400', '401', '403', '415']);
    expect(postDishes.security).toStrictEqual([{ AccessToken: [] }]);
    expect(Object.keys(document.paths['/auth/token'].post.responses).sort()).toStrictEqual(['201', '400', '401', '415', '429']);
    expect(Object.keys(document.paths['/auth/refresh-token'].post.responses)).toContain('200');
    expect(Object.keys(document.paths['/dishes/{id}'].delete.responses).sort()).toStrictEqual(['204', '401', '403', '404', '409']);
    const listParameters = document.paths['/orders'].get.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`).sort();
    expect(listParameters).toStrictEqual(['query:fields', 'query:filter', 'query:limit', 'query:offset', 'query:order', 'query:sort']);
  });
});

describe('GET /docs', () => {
  it('serves Swagger UI', async () => {
    const response = await t.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Swagger UI</title>');
    expect(response.body).toContain('<div id="swagger-ui"></div>');
  });

  it('serves its assets', async () => {
    const response = await t.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
  });
});
