// Idempotency-Key on every POST, PUT, PATCH and DELETE (the rule: domain/idempotency/idempotency.ts). Each
// write route's handler is wrapped and runs inside a WriteScope, so its outcome commits with its
// write; a repeat's write is refused by the stored record and rolled back, and the stored outcome
// answered instead. What the client receives is exactly what was stored.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteHandlerMethod, RouteOptions } from 'fastify';
import {
  checkedKey,
  fingerprintOf,
  findPrior,
  isKeyTaken,
  isStorable,
  keyReused,
  recordOutcome,
  scopeOf,
  stillRunning,
  type Prior,
} from '../../domain/idempotency/idempotency.js';
import { KeyTakenError, WriteScope } from '../../domain/idempotency/idempotent-writes.js';
import type { StoredOutcome } from '../../models/idempotency.js';
import { addRouteHook, isWriteRoute } from '../route-hooks.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { slot: string; scope: WriteScope | null } | null;
  }
  interface FastifyContextConfig {
    /** 'not-stored': the key is checked but no outcome kept (answers that carry credentials). */
    idempotency?: 'not-stored';
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The route's success status: the 2xx its response schema declares (201 for a create). */
function successStatus(route: RouteOptions): number {
  const declared = Object.keys(route.schema?.response ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return declared[0] ?? 200;
}

/** The answer the route gives for the domain's result, serialized by the route's own schema. */
function outcomeFor(route: RouteOptions, status: number, reply: FastifyReply) {
  return (result: unknown): StoredOutcome | null => {
    if (status === 204) return { status, location: null, content_type: null, body: '' };
    if (result === null || typeof result !== 'object') return null;
    const serialize = reply.getSerializationFunction(String(status)) ?? JSON.stringify;
    const id = (result as { id?: unknown }).id;
    const location = status === 201 && typeof id === 'string' ? `${route.url}/${id}` : null;
    return { status, location, content_type: JSON_TYPE, body: serialize(result) };
  };
}

function send(reply: FastifyReply, outcome: StoredOutcome): FastifyReply {
  reply.code(outcome.status);
  if (outcome.location) reply.header('location', outcome.location);
  if (outcome.content_type) reply.header('content-type', outcome.content_type);
  return reply;
}

/** The reply set as an earlier request's stored outcome (its body still to be sent), marked as a replay. */
const replayed = (reply: FastifyReply, outcome: StoredOutcome) => send(reply, outcome).header('idempotent-replayed', 'true');

async function idempotency(app: FastifyInstance) {
  const inFlight = new Set<string>();
  app.decorateRequest('idempotency', null);

  /** Answers from what an earlier request with the key stored (none stored yet: it still runs). */
  function answer(reply: FastifyReply, prior: Prior): FastifyReply {
    if (prior.kind === 'mismatch') throw keyReused();
    if (prior.kind === 'new') throw stillRunning();
    return replayed(reply, prior.outcome).send(prior.outcome.body);
  }

  /**
   * Runs the handler at once, optimistically: its first write unit stores the record with the write,
   * and the record's primary key refuses it when an earlier request with the key left one; that
   * write is then rolled back and the earlier outcome answered. So the record is read only when the
   * handler failed or was refused, never for a first request (the common case). A refused record
   * that had expired is removed by that read, and the handler runs once more.
   */
  function wrap(route: RouteOptions, handler: RouteHandlerMethod): RouteHandlerMethod {
    const status = successStatus(route);
    return async function idempotent(this: FastifyInstance, request, reply) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return handler.call(this, request, reply);
      const key = checkedKey(header);
      if (route.config?.idempotency === 'not-stored') return handler.call(this, request, reply);
      const scope = scopeOf(request.principal?.userId ?? null, request.method, route.url);
      const slot = `${scope}\n${key}`;
      if (inFlight.has(slot)) throw stillRunning();
      inFlight.add(slot);
      const state: NonNullable<FastifyRequest['idempotency']> = { slot, scope: null };
      request.idempotency = state;
      const idem = { scope, key, fingerprint: fingerprintOf(request.method, request.url, request.body) };
      for (let attempt = 1; ; attempt++) {
        // Once committed, the outcome's body is what the client gets (onSend): the reply sends that
        // text rather than serializing the same result a second time.
        const writes = new WriteScope(idem, outcomeFor(route, status, reply), app.pos.now, (outcome) =>
          reply.serializer(() => outcome.body),
        );
        state.scope = writes;
        try {
          return await writes.run(() => Promise.resolve(handler.call(this, request, reply)));
        } catch (error) {
          // Failed after its write committed: the stored outcome is what the client gets (onSend).
          if (writes.recorded) throw error;
          const prior = await findPrior(app.pos, idem);
          if (prior.kind === 'new' && error instanceof KeyTakenError) {
            if (attempt === 1) continue;
            throw stillRunning();
          }
          // No earlier request: this one's own failure, stored as its outcome (onSend).
          if (prior.kind === 'new') throw error;
          state.scope = null;
          return answer(reply, prior);
        }
      }
    };
  }

  // The reply leaves as stored: the committed outcome, or (no write made) the route's own answer,
  // stored now unless it is a 5xx or 429. Only then may the next request with the key run.
  const storeOutcome: onSendHookHandler = async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state?.scope) return payload;
    const { scope } = state;
    state.scope = null;
    try {
      if (scope.recorded) {
        send(reply, scope.recorded);
        return scope.recorded.body;
      }
      if (!isStorable(reply.statusCode) || (payload !== null && payload !== undefined && typeof payload !== 'string')) return payload;
      const location = reply.getHeader('location');
      const type = reply.getHeader('content-type');
      const outcome = {
        status: reply.statusCode,
        location: typeof location === 'string' ? location : null,
        content_type: typeof type === 'string' ? type : null,
        body: payload ?? '',
      };
      // A reply sent from inside the handler comes here with its scope still open: closed first, so
      // this record is a write of its own, not one the scope would record an outcome with.
      scope.end();
      try {
        await recordOutcome(app.pos.store, scope.request, outcome, app.pos.now());
      } catch (error) {
        if (!isKeyTaken(error)) {
          request.log.error({ err: error }, 'could not store the outcome of an idempotent request');
          return payload;
        }
        // An earlier request with the key left its outcome: that is the answer (or 422 if it differs).
        const prior = await findPrior(app.pos, scope.request);
        if (prior.kind === 'mismatch') throw keyReused();
        if (prior.kind === 'replay') {
          replayed(reply, prior.outcome);
          return prior.outcome.body;
        }
      }
      return payload;
    } finally {
      inFlight.delete(state.slot);
    }
  };
  const release = (request: FastifyRequest) => {
    if (request.idempotency) inFlight.delete(request.idempotency.slot);
  };

  // Write routes only, and their hooks are their own: a read never runs any of this.
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    route.handler = wrap(route, route.handler);
    addRouteHook(route, 'onSend', storeOutcome);
    addRouteHook(route, 'onResponse', (request, _reply, done) => {
      release(request);
      done();
    });
    addRouteHook(route, 'onRequestAbort', (request, done) => {
      release(request);
      done();
    });
  });
}

export default fp(idempotency, { name: 'pos-idempotency', dependencies: ['pos-services', 'pos-auth'] });
