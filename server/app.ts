// The application as a plugin: error handling, services, auth, docs, realtime and every route.
// `buildApp` wraps it in a configured fastify instance; tests build exactly what production runs.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../store/types.js';
import type { Config } from './config.js';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './problem.js';
import { validatorCompiler } from './validation.js';
import { letGoOfConnectionsOnClose } from './closing.js';
import { clientAddress, trustedHops } from './trust-proxy.js';
import methodNotAllowed from './plugins/method-not-allowed.js';
import services, { type ServicesOptions } from './plugins/services.js';
import auth from './plugins/auth.js';
import idempotency from './plugins/idempotency.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/swagger.js';
import realtime from '../realtime/plugin.js';
import security from './plugins/security.js';
import requestRateLimit from './plugins/rate-limit.js';
import deadline from './plugins/deadline.js';
import authRoutes from './routes/auth.js';
import dishRoutes from './routes/dishes.js';
import healthRoutes from './routes/health.js';
import ingredientRoutes from './routes/ingredients.js';
import orderRoutes from './routes/orders.js';
import orderItemRoutes from './routes/order-items.js';
import printerRoutes from './routes/printers.js';
import fireRoutes from './routes/fires.js';
import quoteRoutes from './routes/quotes.js';
import reportRoutes from './routes/reports.js';
import settingsRoutes from './routes/settings.js';
import stationRoutes from './routes/stations.js';
import userRoutes from './routes/users.js';
import { cachedSerializers } from './serializers.js';

export interface AppOptions {
  config: Config;
  store: Store;
  jwtSecret: string;
  /** The clock: injectable so tests can move time. */
  now?: () => Date;
  /**
   * Re-estimates open orders' expected_ready_at in the background (default true). Tests that
   * compare stored data before and after a request turn it off: its writes follow the wall clock.
   */
  reestimate?: boolean;
  /** The printers' retry, answer and takeover times (tests shorten them). */
  printTimings?: ServicesOptions['printTimings'];
  /** socket.io's heartbeat: a ping every `intervalMs`, answered within `timeoutMs` (tests shorten it). */
  heartbeat?: { intervalMs: number; timeoutMs: number };
}

export async function app(instance: FastifyInstance, options: AppOptions) {
  instance.setValidatorCompiler(validatorCompiler);
  instance.setErrorHandler(errorHandler);
  // JSON only: anything else is a 415 rather than a string the schema then refuses.
  instance.removeContentTypeParser('text/plain');
  // Before every route, so their headers and limits apply to all of them.
  await instance.register(security, { corsOrigins: options.config.corsOrigins });
  await instance.register(requestRateLimit, { max: options.config.rateLimitMax });
  await instance.register(methodNotAllowed);
  await instance.register(deadline);
  await instance.register(services, { ...options, now: options.now ?? (() => new Date()) });
  await instance.register(auth);
  await instance.register(openapi);
  // Before the routes: it wraps each write route's handler as the route is added.
  await instance.register(idempotency);
  // Before the routes: its onResponse hook counts every one of them.
  await instance.register(metrics);
  for (const routes of [
    healthRoutes,
    authRoutes,
    userRoutes,
    dishRoutes,
    ingredientRoutes,
    orderRoutes,
    orderItemRoutes,
    fireRoutes,
    stationRoutes,
    reportRoutes,
    settingsRoutes,
    quoteRoutes,
    printerRoutes,
  ]) {
    await instance.register(routes);
  }
  const { socketMaxPerAddress, socketMaxMessagesPerMinute, socketMaxBufferedBytes, recoveryWindowSeconds, recoveryMaxEvents } =
    options.config;
  await instance.register(realtime, {
    store: options.store,
    recoveryWindowMs: recoveryWindowSeconds * 1000,
    recoveryMaxEvents,
    socketIoWrites: options.config.socketIoWrites,
    verifier: instance.pos.tokens,
    now: instance.pos.now,
    menu: instance.pos.menu,
    lowPortions: () => instance.pos.settings.current().low_portions,
    limits: {
      maxPerAddress: socketMaxPerAddress,
      maxMessagesPerMinute: socketMaxMessagesPerMinute,
      maxBufferedBytes: socketMaxBufferedBytes,
    },
    // The address HTTP sees (request.ip), for the socket.io handshake too.
    clientAddress: (request) => clientAddress(request, trustedHops(options.config.trustProxy)),
    heartbeat: options.heartbeat,
  });
  // The printers' takeover follows the boards the realtime layer sees.
  instance.pos.printing.watchBoards(instance.realtime.presence);
  await instance.register(import('./plugins/boards.js'));
}

export const MAX_BODY_BYTES = 1_048_576;

/**
 * The access log: one line per request once it is answered (method, URL, client address, status,
 * time), instead of fastify's two (one on arrival, one at the end). Written at the route's log
 * level, so /ws, whose URL may carry a token, logs only warnings.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * How a request appears on a log line, for every logger of the process (main.ts): the fields
 * fastify's own serializer writes (method, URL, version, host, client address and port), never a
 * header, so no token or cookie can reach the log through a request. A redaction pass over every
 * line (pino's `redact`) would have nothing left to remove, yet cost each request a copy of it.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

export function serverOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    logController: new AccessLog(),
    bodyLimit: MAX_BODY_BYTES,
    // Idle or trickling clients (slow-loris) are cut off rather than holding sockets forever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // Start-up work grows with the data: upgrading a million stored orders once takes longer than
    // fastify's default 10 s for a plugin, which would stop the start half-way. The server listens
    // (and /ready answers) only once it is done.
    pluginTimeout: 0,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { strict: false } },
    schemaController: { compilersFactory: { buildSerializer: cachedSerializers } },
    trustProxy: trustedHops(config.trustProxy),
  };
}

export async function buildApp(options: AppOptions & { logger?: FastifyBaseLogger }): Promise<FastifyInstance> {
  const settings = serverOptions(options.config, false);
  const instance = Fastify(
    options.logger ? { ...settings, logger: undefined, loggerInstance: options.logger } : settings,
  ).withTypeProvider<TypeBoxTypeProvider>();
  // Also at the root: anything added to the built instance (by main.ts, the realtime layer or a
  // test) fails as a Problem too, never with fastify's default body that carries the message.
  instance.setErrorHandler(errorHandler);
  letGoOfConnectionsOnClose(instance);
  await instance.register(app, options);
  return instance;
}
