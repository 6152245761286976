// How the app lets go of its connections when it closes. fastify stops listening, closes the
// connections idle at that moment and answers its own routes with `Connection: close`; left alone,
// two kinds would still hold the close up:
// - a kept-alive connection whose request ends later, or that a board keeps using to retry its
//   live link (socket.io, not fastify, answers those, and keeps the connection alive);
// - a connection the browser opened ahead of need and has not used: Node counts it as busy until
//   the connection timeout (60 s by default).
// While the app closes, both are closed as soon as they are idle or found unused.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How often, while the app closes, idle and unused connections are looked for. */
const SWEEP_MS = 100;

export function letGoOfConnectionsOnClose(instance: FastifyInstance): void {
  const connections = openConnections(instance.server);
  instance.addHook('preClose', (done) => {
    if (instance.server.listening) {
      const sweep = setInterval(() => {
        instance.server.closeIdleConnections();
        // Not a byte received: no request has begun on it.
        for (const connection of connections) if (connection.bytesRead === 0) connection.destroy();
      }, SWEEP_MS);
      sweep.unref();
      instance.server.once('close', () => clearInterval(sweep));
    }
    done();
  });
}

/** The server's open connections (noted as each opens; nothing is done per request). */
function openConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (connection: Socket) => {
    open.add(connection);
    connection.once('close', () => open.delete(connection));
  });
  return open;
}
