// Requests per minute per client address (@fastify/rate-limit): over the limit a client gets a 429
// Problem with Retry-After. The host itself (health checks, local tools, benchmarks) is exempt;
// a request relayed by a proxy never is, whatever address it claims.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../domain/errors.js';

export interface RateLimitOptions {
  /** Requests per minute per address; 0 turns the limit off. */
  max: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isLocalClient = (request: FastifyRequest) => LOOPBACK.has(request.ip) && request.headers['x-forwarded-for'] === undefined;

async function requestRateLimit(app: FastifyInstance, { max }: RateLimitOptions) {
  if (max === 0) return;
  await app.register(rateLimit, {
    max,
    timeWindow: 60_000,
    allowList: (request) => isLocalClient(request),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(`More than ${context.max} requests a minute from your address; try again in ${seconds} s.`, seconds);
    },
  });
}

export default fp(requestRateLimit, { name: 'pos-rate-limit', fastify: '5.x' });
