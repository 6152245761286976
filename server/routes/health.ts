// /health (the process is up) and /ready (the store answers): for load balancers and orchestrators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { unavailable } from '../../domain/errors.js';
import { SERVER_VERSION } from '../version.js';
import { problems } from './shared.js';

const tags = ['Health'];
const Status = Type.Object({ status: Type.String(), store: Type.Optional(Type.String()) });
const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String({ description: "The server's release (package.json's semantic version; CHANGELOG.md)", examples: ['1.1.0'] }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { operationId: 'getHealth', tags, summary: 'Liveness, and the release running', response: { 200: Health } } },
    async () => ({ status: 'ok' as const, version: SERVER_VERSION }),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags,
        summary: 'Readiness: the store is reachable',
        response: { 200: Status, ...problems(503) },
      },
    },
    async (request) => {
      try {
        await app.pos.store.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'store not ready');
        throw unavailable(`The ${app.pos.store.kind} store is not reachable: ${(error as Error).message}`);
      }
      return { status: 'ready', store: app.pos.store.kind };
    },
  );
};

export default routes;
