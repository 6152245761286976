// The served /openapi.json is generated once per distinct set of routes in a process and reused by
// every instance built with the same routes; an instance whose routes differ in any way the
// document shows (a path, a schema, a token check, idempotency) gets its own.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { requireUser } from '../../../domain/accounts/access.js';
import { openapiApp, type Register } from './openapi-app.js';

const Seat = Type.Object({ table: Type.String(), seat: Type.Integer() });

async function served(register: Register, options: { idempotency?: boolean } = {}) {
  const app = await openapiApp(register, options);
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  await app.close();
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: response.body, document: JSON.parse(response.body) };
}

// Each call builds its schema object anew, as a route plugin does for every instance.
const seats: Register = (app) => app.get('/seats', { schema: { response: { 200: Type.Array(Seat) } } }, async () => []);

describe('the served OpenAPI document', () => {
  it('is the same text for two instances with the same routes', async () => {
    const first = await served(seats);
    const second = await served(seats);
    expect(second.text).toBe(first.text);
    expect(Object.keys(first.document.paths)).toEqual(['/seats']);
  });

  it('is generated again for a different path, schema, token check or idempotency', async () => {
    const base = await served(seats);
    const path = await served((app) => app.get('/chairs', { schema: { response: { 200: Type.Array(Seat) } } }, async () => []));
    expect(Object.keys(path.document.paths)).toEqual(['/chairs']);
    const schema = await served((app) =>
      app.get('/seats', { schema: { response: { 200: Type.Array(Type.Object({ table: Type.String() })) } } }, async () => []),
    );
    expect(schema.document.paths['/seats'].get.responses['200'].content['application/json'].schema.items.required).toEqual(['table']);
    const guarded = await served((app) =>
      app.get('/seats', { schema: { response: { 200: Type.Array(Seat) } }, preValidation: app.authenticate(requireUser) }, async () => []),
    );
    expect(guarded.document.paths['/seats'].get.security).toEqual([{ AccessToken: [] }]);
    expect(base.document.paths['/seats'].get.security).toEqual([]);
    const write: Register = (app) => app.post('/seats', { schema: { body: Seat } }, async () => ({}));
    const plain = await served(write);
    const idempotent = await served(write, { idempotency: true });
    const keyed = (document: typeof plain.document) =>
      document.paths['/seats'].post.parameters.some((parameter: { name: string }) => parameter.name === 'Idempotency-Key');
    expect([keyed(plain.document), keyed(idempotent.document)]).toEqual([false, true]);
  });
});
