// The OpenAPI 3.1 document, generated from the route schemas, at /openapi.json; Swagger UI at /docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const description = `The REST API of the restaurant point-of-service server: the menu (dishes and ingredients with
stock), orders with status and priority, users with roles, and token authentication.

Errors are \`application/problem+json\` with \`title\` and \`detail\`. Lists take \`sort\`, \`order\`, \`fields\`,
\`filter\`, \`limit\` (1–30, default 30) and \`offset\`. Realtime events: see /asyncapi.json.`;

async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Restaurant Point-of-Service API', version: '1.0', description },
      tags: [
        { name: 'Dishes', description: 'The menu' },
        { name: 'Ingredients', description: 'Stock-tracked ingredients' },
        { name: 'Orders', description: 'Orders and their way through the kitchen' },
        { name: 'Users', description: 'Accounts and roles' },
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
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'pos-openapi' });
