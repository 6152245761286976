// What a route added later gets in the OpenAPI document without any work of its own: named
// schemas, Problem responses with their headers, the statuses every request can meet, `security: []`
// when public, and (with an Idempotency-Key header) the replay header and the reused-key answers.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { requireUser } from '../../../domain/accounts/access.js';
import { openapiApp, type Register } from './openapi-app.js';
import { NamedSchemas } from '../../../server/openapi/named-schemas.js';
import { problems, Projectable } from '../../../server/routes/shared.js';

const Ticket = Type.Object({ station: Type.String(), status: Type.String() }, { $id: 'Ticket' });
const problem = {
  description: expect.any(String),
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

async function documentWith(register: Register, options: { idempotency?: boolean } = {}) {
  const app = await openapiApp(register, options);
  const document = JSON.parse(JSON.stringify(app.swagger()));
  await app.close();
  return document;
}

describe('a new route in the OpenAPI document', () => {
  it('gets named schemas, Problem answers with headers, the common statuses and its security', async () => {
    const document = await documentWith((app) => {
      app.post(
        '/stations/:station/tickets',
        {
          schema: {
            operationId: 'createTicket',
            summary: 'Add a ticket',
            body: Type.Object({ status: Type.String() }),
            response: { 201: Ticket, ...problems(401, 404) },
          },
        },
        async () => ({}),
      );
      app.get(
        '/stations/:station/tickets',
        { schema: { operationId: 'listStationTickets', summary: 'A queue', response: { 200: Type.Array(Projectable(Ticket)) } } },
        async () => [],
      );
    });
    const create = document.paths['/stations/{station}/tickets'].post;
    expect(Object.keys(create.responses)).toStrictEqual(['201', '400', '401', '404', '412', '413', '415', '429', '503']);
    expect(create.responses['201']).toStrictEqual({
      description: 'Created: the new Ticket; Location is its URL.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Ticket' } } },
      headers: { Location: { $ref: '#/components/headers/Location' } },
    });
    expect(create.responses['404']).toStrictEqual(problem);
    expect(create.responses['401'].headers).toStrictEqual({ 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } });
    expect(create.responses['429'].headers).toStrictEqual({ 'Retry-After': { $ref: '#/components/headers/RetryAfter' } });
    expect(create.security).toStrictEqual([]);
    expect(document.paths['/stations/{station}/tickets'].get.responses['200'].content['application/json'].schema.items).toStrictEqual({
      $ref: '#/components/schemas/PartialTicket',
    });
    expect(Object.keys(document.components.schemas)).toStrictEqual(['PartialTicket', 'Problem', 'Ticket']);
  });

  it('with an Idempotency-Key header: Idempotent-Replayed on stored answers, 409 (key in flight) and 422 (key reused)', async () => {
    const document = await documentWith((app) => {
      app.delete(
        '/orders/:id',
        {
          schema: {
            operationId: 'deleteOrder',
            summary: 'Delete',
            headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
            response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...problems(404) },
          },
        },
        async () => null,
      );
    });
    const responses = document.paths['/orders/{id}'].delete.responses;
    expect(Object.keys(responses)).toStrictEqual(['204', '400', '404', '409', '412', '422', '429', '503']);
    expect(responses['204'].headers).toStrictEqual({ 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } });
    expect(responses['409'].headers).toStrictEqual({
      'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
      'Retry-After': { $ref: '#/components/headers/RetryAfterInFlight' },
    });
    expect(responses['422']).toMatchObject({ ...problem, description: 'This Idempotency-Key was already used for a different request.' });
    expect(responses['429'].headers).toStrictEqual({ 'Retry-After': { $ref: '#/components/headers/RetryAfter' } });
    expect(Object.keys(document.components.headers).sort()).toStrictEqual([
      'Allow',
      'IdempotentReplayed',
      'RetryAfter',
      'RetryAfterInFlight',
    ]);
  });
});

describe('with the idempotency plugin registered', () => {
  it('documents an optional Idempotency-Key on every POST, PUT, PATCH and DELETE, and on no read', async () => {
    const document = await documentWith(
      (app) => {
        app.patch(
          '/orders/:id/tickets/:station',
          {
            schema: {
              operationId: 'moveOrderTicket',
              summary: 'Move',
              body: Type.Object({ status: Type.String() }),
              response: { 200: Type.Object({}) },
            },
          },
          async () => ({}),
        );
        app.get(
          '/stations/:station/tickets',
          { schema: { operationId: 'listStationTickets', summary: 'A queue', response: { 200: Type.Object({}) } } },
          async () => ({}),
        );
      },
      { idempotency: true },
    );
    const patch = document.paths['/orders/{id}/tickets/{station}'].patch;
    expect(patch.parameters.filter((parameter: { in: string }) => parameter.in === 'header')).toStrictEqual([
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: expect.stringContaining('retry'),
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
      },
      {
        name: 'Request-Deadline',
        in: 'header',
        required: false,
        description: expect.stringContaining('412'),
        schema: { type: 'string', pattern: '^\\d{1,15}$' },
        example: '1763900000000',
      },
    ]);
    expect(Object.keys(patch.responses)).toStrictEqual(['200', '400', '409', '412', '413', '415', '422', '429', '503']);
    expect(patch.responses['200'].headers).toStrictEqual({ 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } });
    expect(document.paths['/stations/{station}/tickets'].get.parameters ?? []).toStrictEqual([
      { schema: { type: 'string' }, in: 'path', name: 'station', required: true },
    ]);
  });
});

describe('security from the route itself', () => {
  it('app.authenticate(check) documents a required access token and its 401; app.authenticate() an optional one', async () => {
    const document = await documentWith((app) => {
      app.get(
        '/stations/:station/all-day',
        {
          preValidation: app.authenticate(requireUser),
          schema: { operationId: 'getAllDay', summary: 'Counts', response: { 200: Type.Object({}) } },
        },
        async () => ({}),
      );
      app.post(
        '/guests',
        {
          preValidation: app.authenticate(),
          schema: { operationId: 'createGuest', summary: 'Sign up', response: { 201: Type.Object({}) } },
        },
        async () => ({}),
      );
    });
    const allDay = document.paths['/stations/{station}/all-day'].get;
    expect(allDay.security).toStrictEqual([{ AccessToken: [] }]);
    expect(allDay.responses['401']).toMatchObject({
      ...problem,
      headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
    });
    expect(document.paths['/guests'].post.security).toStrictEqual([{}, { AccessToken: [] }]);
  });
});

describe('NamedSchemas', () => {
  it('refuses one name for two shapes', () => {
    const named = new NamedSchemas();
    named.hoist({ response: Type.Object({ a: Type.String() }, { $id: 'Ticket' }) });
    expect(() => named.hoist(Type.Object({ b: Type.String() }, { $id: 'Ticket' }))).toThrow(
      'Two different schemas are named Ticket: give one another $id.',
    );
  });

  it('types an enum of strings as a string', () => {
    expect(new NamedSchemas().hoist({ status: Type.Enum(['Received', 'Ready']) })).toStrictEqual({
      status: { type: 'string', enum: ['Received', 'Ready'] },
    });
  });

  it('documents a schema as its x-document-as form', () => {
    expect(new NamedSchemas().hoist({ limit: Type.String({ 'x-document-as': Type.Integer({ minimum: 1 }) }) })).toStrictEqual({
      limit: { type: 'integer', minimum: 1 },
    });
  });
});
