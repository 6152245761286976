// The application as a plugin: error handling, services, auth, docs, realtime and every route.
// `buildApp` wraps it in a configured fastify instance; tests build exactly what production runs.
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../store/types.js';
import type { Config } from './config.js';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './problem.js';
import { validatorCompiler } from './validation.js';
import methodNotAllowed from './plugins/method-not-allowed.js';
import services from './plugins/services.js';
import auth from './plugins/auth.js';
import openapi from './plugins/swagger.js';
import realtime from '../realtime/plugin.js';
import security from './plugins/security.js';
import requestRateLimit from './plugins/rate-limit.js';
import authRoutes from './routes/auth.js';
import dishRoutes from './routes/dishes.js';
import healthRoutes from './routes/health.js';
import ingredientRoutes from './routes/ingredients.js';
import orderRoutes from './routes/orders.js';
import userRoutes from './routes/users.js';

export interface AppOptions {
  config: Config;
  store: Store;
  jwtSecret: string;
  /** The clock: injectable so tests can move time. */
  now?: () => Date;
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
  await instance.register(services, { ...options, now: options.now ?? (() => new Date()) });
  await instance.register(auth);
  await instance.register(openapi);
  for (const routes of [healthRoutes, authRoutes, userRoutes, dishRoutes, ingredientRoutes, orderRoutes]) {
    await instance.register(routes);
  }
  const { socketMaxPerAddress, socketMaxMessagesPerMinute, socketMaxBufferedBytes, recoveryWindowSeconds } = options.config;
  await instance.register(realtime, {
    store: options.store,
    recoveryWindowMs: recoveryWindowSeconds * 1000,
    verifier: instance.pos.tokens,
    now: instance.pos.now,
    limits: { maxPerAddress: socketMaxPerAddress, maxMessagesPerMinute: socketMaxMessagesPerMinute, maxBufferedBytes: socketMaxBufferedBytes },
  });
  await instance.register(import('./plugins/boards.js'));
}

export const MAX_BODY_BYTES = 1_048_576;

export function serverOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    // One log line per request, written once it is answered (see accessLog), instead of two.
    disableRequestLogging: true,
    bodyLimit: MAX_BODY_BYTES,
    // Idle or trickling clients (slow-loris) are cut off rather than holding sockets forever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { strict: false } },
    trustProxy: config.trustProxy,
  };
}

export async function buildApp(options: AppOptions & { logger?: FastifyBaseLogger }): Promise<FastifyInstance> {
  const settings = serverOptions(options.config, false);
  const instance = Fastify(options.logger ? { ...settings, logger: undefined, loggerInstance: options.logger } : settings).withTypeProvider<TypeBoxTypeProvider>();
  // Also at the root: anything added to the built instance (by main.ts, the realtime layer or a
  // test) fails as a Problem too, never with fastify's default body that carries the message.
  instance.setErrorHandler(errorHandler);
  instance.addHook('onResponse', accessLog);
  await instance.register(app, options);
  return instance;
}

/**
 * The access log: method, URL, client address, status and time in one line per answered request,
 * at the route's log level (/ws logs only warnings, as its URL may carry a token).
 */
async function accessLog(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
