// Browser-facing defences: security headers on every response (helmet) and CORS for the origins
// named in POS_CORS_ORIGINS only. With no origins configured no CORS header is ever sent.
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../domain/errors.js';

export interface SecurityOptions {
  corsOrigins: string[];
}

const isPreflight = (request: FastifyRequest) => request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

async function security(app: FastifyInstance, { corsOrigins }: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Helmet's default policy (scripts and styles from this origin only), minus the upgrade to
      // https: a kitchen server is often reached over plain HTTP on the restaurant's network, where
      // upgrading would break Swagger UI and the boards.
      directives: { upgradeInsecureRequests: null },
    },
  });
  if (corsOrigins.length === 0) return;

  const allowed = new Set(corsOrigins);
  // A preflight from an origin not listed gets a Problem, not a 204 the browser would then refuse.
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (isPreflight(request) && (origin === undefined || !allowed.has(origin))) {
      throw forbidden(`Cross-origin requests from ${origin ?? 'this page'} are not allowed; allowed origins are set by POS_CORS_ORIGINS.`);
    }
  });
  await app.register(cors, {
    origin: [...allowed],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['location', 'retry-after', 'www-authenticate'],
    // Bearer tokens, never cookies: no credentialed requests.
    credentials: false,
    maxAge: 600,
  });
}

export default fp(security, { name: 'pos-security', fastify: '5.x' });
