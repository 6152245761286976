// A bare fastify with the OpenAPI plugin and the auth hooks it reads, plus the routes a test adds:
// what the OpenAPI tests build their documents on.
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import auth from '../../../server/plugins/auth.js';
import openapi from '../../../server/plugins/swagger.js';

export type Register = (app: ReturnType<typeof Fastify>) => void;

/** Ready, with the routes `register` adds (and writes taking an Idempotency-Key when asked); the caller closes it. */
export async function openapiApp(register: Register, { idempotency = false } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  if (idempotency) await app.register(fp(async () => {}, { name: 'pos-idempotency' }));
  // The auth plugin only builds hooks here; no request reaches the token service it names.
  await app.register(fp(async () => {}, { name: 'pos-services' }));
  await app.register(auth);
  await app.register(openapi);
  register(app);
  await app.ready();
  return app;
}
