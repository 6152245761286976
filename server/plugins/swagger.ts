// The OpenAPI 3.1 document, generated from the route schemas, at /openapi.json; Swagger UI at /docs.
// Named schemas are hoisted into components (../openapi/named-schemas.ts) and the rules every
// operation shares are applied once (../openapi/conventions.ts). The document is a function of the
// routes: an instance whose routes equal an earlier one's in the same process serves that one's text.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { Problem } from '../../models/common.js';
import { applyConventions } from '../openapi/conventions.js';
import { contentName } from '../content-name.js';
import { accessTokenUse } from './auth.js';
import { NamedSchemas } from '../openapi/named-schemas.js';
import { requestBodyNames } from '../openapi/request-bodies.js';

const description = `The REST API of the restaurant point-of-service server: the menu (dishes and ingredients with
stock), orders with status and priority, users with roles, and token authentication.

The rules in full (conventions, lists, authentication, roles, orders and tickets, idempotency,
realtime) are in **docs/api.md** in the server's repository. In short: errors are
\`application/problem+json\` with \`title\` and \`detail\`; lists take \`sort\`, \`order\`, \`fields\`,
\`filter\`, \`limit\` (1–30, default 30) and \`offset\`; a known path called with a method it lacks
answers 405 with \`Allow\` (components.responses.MethodNotAllowed). Realtime events: /asyncapi.json.`;

/**
 * The served text by what it is made of, for every instance this process builds (the tests build
 * hundreds, a twin instance one more): generating it took 20 ms of CPU, a sixth of building an app.
 */
const documents = new Map<string, string>();

/**
 * What the document is made of: every route's method, URL, schema, config, links, token use and
 * request body's name (what `transform` and @fastify/swagger read of a route), the shared schemas
 * and whether writes take an Idempotency-Key. Equal inputs make an equal document.
 */
function inputsKey(app: FastifyInstance, routes: RouteOptions[]): string {
  const described = routes.map((route) => [
    route.method,
    route.url,
    route.schema,
    route.config,
    (route as { links?: unknown }).links,
    accessTokenUse(route.preValidation) ?? null,
    requestBodyNames.get(route.schema?.body as object) ?? null,
  ]);
  return contentName([app.hasPlugin('pos-idempotency'), app.getSchemas(), described]);
}

async function openapi(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // One collection per generation: the document is built once, on its first request.
  let named = new NamedSchemas(requestBodyNames);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Restaurant Point-of-Service API',
        version: '1.0',
        description,
        license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
      },
      tags: [
        { name: 'Dishes', description: 'The menu' },
        { name: 'Ingredients', description: 'Stock-tracked ingredients' },
        { name: 'Orders', description: 'Orders and their way through the kitchen' },
        { name: 'Users', description: 'Accounts and roles' },
        { name: 'Printers', description: 'Kitchen printers and their chits' },
        { name: 'Auth', description: 'Access and refresh tokens' },
        { name: 'Health', description: 'Liveness and readiness' },
      ],
      components: {
        securitySchemes: {
          AccessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          BasicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const documented = named.hoist(schema) as typeof schema;
      // A route guarded by app.authenticate says so, unless its schema already does.
      const token = accessTokenUse(route.preValidation);
      if (token && documented && !documented.security)
        documented.security = token === 'required' ? [{ AccessToken: [] }] : [{}, { AccessToken: [] }];
      return { schema: documented, url };
    },
    transformObject: (generated) => {
      const document = ('openapiObject' in generated ? generated.openapiObject : generated.swaggerObject) as OpenAPIV3_1.Document;
      named.add('Problem', Problem as unknown as Record<string, unknown>);
      (document.components ??= {}).schemas = named.components() as Record<string, OpenAPIV3_1.SchemaObject>;
      named = new NamedSchemas(requestBodyNames);
      // Relative: the API is where this document is served from, whatever the host is called.
      document.servers = [{ url: '/', description: 'The server that serves this document' }];
      // The idempotency plugin, where registered, takes an Idempotency-Key on every write.
      return applyConventions(document, { idempotencyKey: app.hasPlugin('pos-idempotency') }) as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  let served: string | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    if (served === undefined) {
      const key = inputsKey(app, routes);
      served = documents.get(key) ?? JSON.stringify(app.swagger());
      documents.set(key, served);
    }
    return reply.type('application/json; charset=utf-8').send(served);
  });
}

export default fp(openapi, { name: 'pos-openapi' });
