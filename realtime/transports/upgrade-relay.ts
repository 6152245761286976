// socket.io and @fastify/websocket both listen for HTTP upgrades on the app's server, and
// @fastify/websocket answers every upgrade it cannot route with a 404, killing socket.io's
// websocket transport. So @fastify/websocket listens on a relay that never listens on a port and
// receives every upgrade except those of socket.io's path, which engine.io handles on its own.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Returns the relay to give @fastify/websocket as its `options.server`. It stays attached while the
 * app closes: fastify then answers relayed upgrades with a 503, whereas an upgrade nobody answered
 * would hold its socket open (engine.io leaves other paths alone) and keep the server from closing.
 */
export function relayUpgrades(server: Server, socketIoPath: string): Server {
  const relay = createServer();
  const prefix = `${socketIoPath.replace(/\/$/, '')}/`;
  const forward = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!request.url?.startsWith(prefix)) relay.emit('upgrade', request, socket, head);
  };
  server.on('upgrade', forward);
  return relay;
}
