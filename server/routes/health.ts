// /health (the process is up) and /ready (the store answers): for load balancers and orchestrators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { unavailable } from '../../domain/errors.js';
import { problems } from './shared.js';

const tags = ['Health'];
const Status = Type.Object({ status: Type.String(), store: Type.Optional(Type.String()) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { operationId: 'getHealth', tags, summary: 'Liveness', response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get('/ready', {
    schema: { operationId: 'getReadiness', tags, summary: 'Readiness: the store is reachable', response: { 200: Status, ...problems(503) } },
  }, async (request) => {
    try {
      await app.pos.store.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'store not ready');
      throw unavailable(`The ${app.pos.store.kind} store is not reachable: ${(error as Error).message}`);
    }
    return { status: 'ready', store: app.pos.store.kind };
  });
};

export default routes;
