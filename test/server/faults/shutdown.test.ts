// SIGTERM: the server stops taking connections, finishes the requests it is in the middle of,
// tells realtime clients why they are being closed, and exits with code 0 within a bound.
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { io as connectIo } from 'socket.io-client';
import WebSocket from 'ws';
import { PASSWORD } from '../../helpers/app.js';
import { call, login, serverEnv, startServer, type ServerProcess } from './server-process.js';

/** Generous: main.ts gives up after 10 s and exits with 1. */
const EXIT_BOUND_MS = 15_000;

function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Everything the server sends on `socket` until it closes it. */
const answerOf = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.once('close', () => resolve(answer));
  });

it(
  'SIGTERM drains in-flight requests, refuses new connections, closes sockets with a reason and exits 0',
  { timeout: 90_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-sigterm-'));
    let server: ServerProcess | undefined;
    const clients: { close(): void }[] = [];
    try {
      server = await startServer(serverEnv(dataDir));
      const { url } = server;
      const manager = await login(url, 'manager1');
      const rice = await call<{ id: string }>(url, manager, 'POST', '/ingredients', { name: 'Rice', in_stock_qty: 10, price: 1 });
      const dish = await call<{ id: string }>(url, manager, 'POST', '/dishes', {
        name: 'Risotto',
        description: 'Creamy',
        category: 'Main Course',
        image_name: 'risotto',
        preparation_time: 18,
        price: 14,
        station: 'hot',
        ingredients: [{ ingredient_id: rice.body.id, is_essential: true }],
      });
      await call(url, null, 'POST', '/users', { user_name: 'late_diner', email: 'late@example.com', password: PASSWORD, role: 'patron' });
      const patron = await login(url, 'late_diner');

      // Realtime clients on both transports.
      const ioClient = connectIo(url, { transports: ['websocket'], reconnection: false, auth: { token: manager } });
      clients.push(ioClient);
      const ioEnded = new Promise((resolve) => ioClient.once('session.ended', resolve));
      await new Promise((resolve) => ioClient.once('connect', () => resolve(null)));
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
      clients.push(ws);
      const wsClosed = new Promise<[number, string]>((resolve) => ws.once('close', (code, reason) => resolve([code, reason.toString()])));
      await new Promise((resolve) => ws.once('open', resolve));

      // In flight: the headers and half the body of an order, the rest to follow after SIGTERM.
      const body = JSON.stringify({ name: 'Late', dish_ids: [dish.body.id] });
      const { hostname, port, host } = new URL(url);
      const inFlight = connect({ host: hostname, port: Number(port) });
      clients.push({ close: () => inFlight.destroy() });
      await new Promise((resolve) => inFlight.once('connect', resolve));
      const answer = answerOf(inFlight);
      inFlight.write(
        `POST /orders HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${patron}\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      // The server has the request (its headers parsed) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      let refused = false;
      let refusedAfter = 0;
      for (const deadline = Date.now() + 5000; !refused && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
        refused = await refusesConnections(url);
      }
      expect(refused).toBe(true);
      refusedAfter = Date.now() - signalledAt;

      inFlight.write(body.slice(10));
      const response = await answer;
      expect(response).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
      // (`answer` resolved: the server then closed the connection itself.)
      const created = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { id: string; name: string };
      expect(created.name).toBe('Late');

      expect(await ioEnded).toMatchObject({ reason: 'server_shutdown' });
      expect(await wsClosed).toEqual([1001, 'server shutting down']);
      const exit = await server.exited;
      if (exit.code !== 0)
        console.log(
          server
            .output()
            .split('\n')
            .filter((line) => /"level":(40|50|60)/.test(line))
            .join('\n'),
        );
      const exitedAfter = Date.now() - signalledAt;
      expect({ ...exit, withinBound: exitedAfter < EXIT_BOUND_MS }).toEqual({ code: 0, signal: null, withinBound: true });
      console.log(
        `shutdown: new connections refused ${refusedAfter} ms after SIGTERM; the in-flight order answered 201 ` +
          `and kept; socket.io and /ws clients told why; exit 0 after ${exitedAfter} ms (bound ` +
          `${EXIT_BOUND_MS / 1000} s)`,
      );

      // The drained order was stored for good, with its stock taken.
      server = await startServer(serverEnv(dataDir));
      const admin = await login(server.url, 'manager1');
      expect((await call(server.url, admin, 'GET', `/orders/${created.id}`)).body).toMatchObject({
        id: created.id,
        name: 'Late',
        status: 'Received',
      });
      expect((await call(server.url, admin, 'GET', `/ingredients/${rice.body.id}`)).body).toMatchObject({ in_stock_qty: 9 });
    } finally {
      clients.forEach((client) => client.close());
      server?.kill();
      await server?.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
