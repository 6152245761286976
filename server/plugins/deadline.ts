// A client may say when its request stops being worth applying: `Request-Deadline` (epoch
// milliseconds, in the server's time). A tablet that gave up on a tap after a few seconds of silence
// sends one, so a request that TCP delivers late, after the cook was told "not sent", changes
// nothing: it is refused with 412 before anything else of the route runs. Reads change nothing, so
// a late one does no harm: only write routes (POST, PUT, PATCH, DELETE) check the header, through
// a hook of their own, and reads pay nothing for it. The OpenAPI document declares the header and
// the 412 on every write (server/openapi/conventions.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { badRequest, ProblemError } from '../../domain/errors.js';
import { addRouteHook, isWriteRoute } from '../route-hooks.js';
import { withDeadline } from '../../store/deadline.js';

export const DEADLINE_HEADER = 'request-deadline';

/** Why a write must not run, or null: no deadline, or one not yet passed. */
function missedDeadline(request: FastifyRequest): ProblemError | null {
  const raw = request.headers[DEADLINE_HEADER];
  if (raw === undefined) return null;
  const at = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(at)) {
    return badRequest('Request-Deadline must be a time in epoch milliseconds, e.g. 1763900000000.');
  }
  // The real clock, as in the Date header clients learn the server's time from.
  const late = Date.now() - at;
  return late > 0
    ? new ProblemError(412, 'Precondition Failed', `The request arrived ${late} ms after its Request-Deadline; nothing was changed.`)
    : null;
}

/** A deadline not yet passed goes with the request down to the store: its transaction retries stop there. */
const checkDeadline: onRequestHookHandler = (request, _reply, done) => {
  const missed = missedDeadline(request);
  const at = Number(request.headers[DEADLINE_HEADER]);
  if (missed || !Number.isSafeInteger(at)) return done(missed ?? undefined);
  withDeadline(at, () => done());
};

async function deadline(app: FastifyInstance) {
  // First among the route's own hooks (before the rate limit's), as when this was a global hook.
  app.addHook('onRoute', (route) => {
    if (isWriteRoute(route)) addRouteHook(route, 'onRequest', checkDeadline, 'first');
  });
}

export default fp(deadline, { name: 'pos-deadline', fastify: '5.x' });
