// The process: read the configuration, open the store, serve, and shut down cleanly on signals.
import './supported-node.js';
import { pino } from 'pino';
import { buildApp, logSerializers } from './app.js';
import { browserUrl, ConfigError, loadConfig, localUrl, type Config } from './config.js';
import { memoryTargetOf, releaseStartupMemoryLogged } from './memory-target.js';
import { resolveJwtSecret } from './secrets.js';
import { SERVER_VERSION } from './version.js';
import type { AddressInfo } from 'node:net';
import { openStore } from '../store/open.js';
import { announceUrl } from '../store/sqlite/lock.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Standard output, written line by line as each is logged (one write each, on this thread). pino's
 * default hands every line to libuv's thread pool and waits for its callback, which cost a read
 * about a fifth of its CPU (GET /dishes/{id}: 42 µs a request against 33, docs/security.md); a
 * line is also out before the next one is made, whatever happens to the process after. A reader
 * of stdout that stops reading (a full pipe) slows the server down rather than losing lines.
 */
const logDestination = () => pino.destination({ dest: 1, sync: true });

async function start(config: Config) {
  // One logger for the process: the store's warnings (e.g. a change stream reopening) go beside the requests'.
  const logger = pino({ level: config.logLevel, serializers: logSerializers }, logDestination());
  let shutdown: (reason: string, code?: number) => void = () => process.exit(1);
  // Nothing acts on /ready (open-source nginx, compose): an instance whose change stream stays
  // down exits, and its supervisor (systemd Restart=, compose restart:) starts it afresh.
  const onStreamGiveUp = (problem: string) => {
    logger.error(
      { problem, afterSeconds: config.streamDownExitSeconds },
      'the change stream stayed down (POS_STREAM_DOWN_EXIT); exiting so the supervisor restarts this instance',
    );
    shutdown('change stream down', 1);
  };
  const store = await openStore(config, { logger, onStreamGiveUp });
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const app = await buildApp({ config, store, jwtSecret, logger });
  app.addHook('onClose', async () => store.close());
  // The process's memory, not an app's: tests build many apps in one process and set no target.
  const memory = memoryTargetOf(config.memoryTargetMb, app.log);
  if (memory) app.addHook('onClose', async () => memory.stop());
  await app.ready();
  releaseStartupMemoryLogged(app.log);
  memory?.start();
  await app.listen({ port: config.port, host: config.host });
  // The scripts find this server through the lock, whatever PORT their shell has (npm run demo-data).
  if (store.kind === 'sqlite') announceUrl(config.dataDir, localUrl(config.host, (app.server.address() as AddressInfo).port));
  app.log.info(
    { version: SERVER_VERSION, store: store.kind, dataDir: store.kind === 'sqlite' ? config.dataDir : undefined },
    'point-of-service server ready',
  );
  // One plain line for the person who typed npm start, on stderr so stdout stays one JSON log per line.
  process.stderr.write(
    `Open ${browserUrl(config.host, (app.server.address() as AddressInfo).port)} in a browser: the boards, the menu and the ordering app.\n`,
  );

  let closing = false;
  shutdown = (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests and closing sockets');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Connections that fall idle or stay unused during the drain are closed by the app (server/closing.ts).
    app.close().then(
      () => process.exit(code),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

try {
  await start(loadConfig());
} catch (error) {
  // Start-up failures are the operator's to fix: one clear line, no stack for known causes.
  const message = error instanceof ConfigError ? error.message : `Cannot start: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
