// A client may say when its request stops being worth applying: `Request-Deadline` (epoch
// milliseconds, in the server's time). A tablet that gave up on a tap after a few seconds of silence
// sends one, so a request that TCP delivers late, after the cook was told "not sent", changes
// nothing: it is refused with 412 before any route runs. Requests without the header, and reads,
// are untouched. The OpenAPI document declares the header and the 412 on every write
// (server/openapi/conventions.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { badRequest, ProblemError } from '../../domain/errors.js';

export const DEADLINE_HEADER = 'request-deadline';

async function deadline(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const raw = request.headers[DEADLINE_HEADER];
    // Reads change nothing: a late one does no harm, so only writes are held to their deadline.
    if (raw === undefined || request.method === 'GET' || request.method === 'HEAD') return;
    const at = Number(raw);
    if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(at)) {
      throw badRequest('Request-Deadline must be a time in epoch milliseconds, e.g. 1763900000000.');
    }
    // The real clock, as in the Date header clients learn the server's time from.
    if (Date.now() > at) {
      throw new ProblemError(412, 'Precondition Failed', `The request arrived ${Date.now() - at} ms after its Request-Deadline; nothing was changed.`);
    }
  });
}

export default fp(deadline, { name: 'pos-deadline', fastify: '5.x' });
