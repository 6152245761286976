// socket.io and @fastify/websocket both listen for HTTP upgrades on the app's server, and
// @fastify/websocket answers every upgrade it cannot route with a 404, killing socket.io's
// websocket transport. So @fastify/websocket listens on a relay that never listens on a port and
// receives every upgrade except those of socket.io's path, which engine.io handles on its own.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

export interface UpgradeRelay {
  /** Give this to @fastify/websocket as its `options.server`. */
  relay: Server;
  /** Stops relaying (on shutdown). */
  detach(): void;
}

export function relayUpgrades(server: Server, socketIoPath: string): UpgradeRelay {
  const relay = createServer();
  const prefix = `${socketIoPath.replace(/\/$/, '')}/`;
  const forward = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith(prefix)) relay.emit('upgrade', request, socket, head);
  };
  server.on('upgrade', forward);
  return { relay, detach: () => server.off('upgrade', forward) };
}
