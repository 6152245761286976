// GET /metrics for Prometheus: requests by route and status, their latency, sockets per room,
// events pushed, orders per status, store commit time, change-stream lag (MongoDB). Managers' tokens,
// or a scraper on this machine (loopback, not relayed by a proxy), may read it: it shows traffic, not data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { requireManager } from '../../domain/accounts/access.js';
import { STATUSES } from '../../models/order.js';
import { Registry } from '../metrics.js';
import { problems } from '../routes/shared.js';
import { SERVER_VERSION } from '../version.js';

/** Change-stream lag: milliseconds when it keeps up, up to minutes when it fell behind. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** On this machine and not through a proxy (which would say whom it relays). */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.has(request.ip) &&
  LOOPBACK.has(request.socket.remoteAddress ?? '') &&
  !request.headers['x-forwarded-for'] &&
  !request.headers.forwarded;

async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const requests = registry.counter('pos_http_requests_total', 'HTTP requests answered, by method, route pattern and status.');
  const latency = registry.histogram('pos_http_request_duration_seconds', 'Time to answer an HTTP request, by method and route pattern.');
  const commits = registry.histogram(
    'pos_store_commit_duration_seconds',
    "The store's commits: the embedded store's group commits (with their sync to disk), MongoDB's transaction commits.",
  );
  const lag = registry.histogram(
    'pos_store_change_stream_lag_seconds',
    "MongoDB: from a change's commit on the server to its arrival at this instance's change stream.",
    LAG_BUCKETS,
  );
  const pushed = registry.counter(
    'pos_realtime_events_pushed_total',
    'Change events handed to the realtime transports (once each, whatever the audience).',
  );
  registry.gauge('pos_build_info', 'The running release.', () => [
    { labels: { version: SERVER_VERSION, store: app.pos.store.kind }, value: 1 },
  ]);
  registry.gauge('pos_realtime_sockets', 'Connected realtime clients per room and transport.', () =>
    app.hasDecorator('realtime')
      ? app.realtime.socketsPerRoom().map(({ transport, room, sockets }) => ({ labels: { transport, room }, value: sockets }))
      : [],
  );
  registry.gauge('pos_orders', 'Stored orders per status.', () =>
    Promise.all(
      STATUSES.map(async (status) => {
        const { total_results } = await app.pos.store
          .collection('orders')
          .listIds({ filter: [{ field: 'status', op: 'eq', value: status }], limit: 1, offset: 0 });
        return { labels: { status }, value: total_results };
      }),
    ),
  );
  let counted = 0;
  const stopCommits = app.pos.store.onCommit?.(({ seconds, failed }) =>
    commits.observe(seconds, { outcome: failed ? 'failed' : 'committed' }),
  );
  const stopLag = app.pos.store.onStreamLag?.((seconds) => lag.observe(seconds));
  app.addHook('onClose', async () => {
    stopCommits?.();
    stopLag?.();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe(reply.elapsedTime / 1000, { method: request.method, route });
    done();
  });

  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'getMetrics',
        tags: ['Health'],
        summary: 'Prometheus metrics (managers, or a scraper on the server itself)',
        response: {
          200: { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: Type.String() } } },
          ...problems(401, 403),
        },
      },
      preValidation: app.authenticate(),
    },
    async (request, reply) => {
      if (!fromThisMachine(request)) requireManager(request.principal, 'read the metrics');
      if (app.hasDecorator('realtime')) {
        const now = app.realtime.eventsPushed();
        pushed.inc({}, now - counted);
        counted = now;
      }
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await registry.text());
    },
  );
}

export default fp(metrics, { name: 'pos-metrics', dependencies: ['pos-services', 'pos-auth'] });
