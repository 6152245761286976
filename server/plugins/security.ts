// Browser-facing defences: security headers on every response (helmet) and CORS for the origins
// named in POS_CORS_ORIGINS only. With no origins configured no CORS header is ever sent.
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { forbidden } from '../../domain/errors.js';

export interface SecurityOptions {
  corsOrigins: string[];
}

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    // Helmet's default policy (scripts and styles from this origin only), minus the upgrade to
    // https: a kitchen server is often reached over plain HTTP on the restaurant's network, where
    // upgrading would break Swagger UI and the boards.
    directives: { upgradeInsecureRequests: null },
  },
};

type HeaderValue = number | string | readonly string[];

/**
 * The headers helmet sets with these options. They depend on the options alone, yet
 * @fastify/helmet builds helmet's middleware again for every request (a tenth of a small GET's CPU
 * time), so they are recorded once, from a throwaway instance, and set on each response in the
 * order helmet sets them. Per-route helmet options or CSP nonces would need the plugin itself again.
 */
export async function helmetHeaders(): Promise<[string, HeaderValue][]> {
  const probe = Fastify();
  const headers: [string, HeaderValue][] = [];
  let recording = false;
  probe.addHook('onRequest', async (_request, reply) => {
    const setHeader = reply.raw.setHeader.bind(reply.raw);
    recording = true;
    reply.raw.setHeader = (name: string, value: HeaderValue) => {
      if (recording) headers.push([name, value]);
      return setHeader(name, value);
    };
  });
  await probe.register(helmet, HELMET_OPTIONS);
  // Only helmet's own hooks run between the two: the reply's headers are not recorded.
  probe.addHook('onRequest', async () => void (recording = false));
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

async function security(app: FastifyInstance, { corsOrigins }: SecurityOptions) {
  // Through the reply rather than the raw response: fastify then writes them with its own headers
  // in the one writeHead call, where each raw setHeader would be checked and stored by Node first
  // (half the cost of a dozen headers). Names go out in lower case, as fastify's own do.
  const headers = (await helmetHeaders()).map(([name, value]) => [name.toLowerCase(), value] as const);
  const allowed = new Set(corsOrigins);
  const checkPreflights = allowed.size > 0;
  // The one hook every request runs for these defences: a callback, so no request pays a promise.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    // A preflight from an origin not listed gets a Problem, not a 204 the browser would then refuse.
    const origin = request.headers.origin;
    if (checkPreflights && isPreflight(request) && (origin === undefined || !allowed.has(origin))) {
      return done(
        forbidden(`Cross-origin requests from ${origin ?? 'this page'} are not allowed; allowed origins are set by POS_CORS_ORIGINS.`),
      );
    }
    done();
  });
  if (!checkPreflights) return;
  await app.register(cors, {
    origin: [...allowed],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['location', 'retry-after', 'www-authenticate', 'idempotent-replayed'],
    // Bearer tokens, never cookies: no credentialed requests.
    credentials: false,
    maxAge: 600,
  });
}

export default fp(security, { name: 'pos-security', fastify: '5.x' });
