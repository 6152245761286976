// A client that stops reading does not grow the server's memory without bound: once more than
// POS_SOCKET_MAX_BUFFER bytes wait for it, it is cut off with a reason (socket.io and /ws), while a
// client that reads gets every event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { io as connectIo, type Socket as ClientSocket } from 'socket.io-client';
import WebSocket from 'ws';
import { call, login, serverEnv, startServer, type ServerProcess } from './server-process.js';

// Enough events that holding them for the two clients that stop reading (about 257 MiB) stands far
// above what the heap of a busy process swings by on its own (Node 24 lets it grow some 60 MiB
// before collecting): the bound below then tells a server that buffers from one that cuts off.
const ORDERS = 240;
const MAX_BUFFER = 1024 * 1024;
const MIB = 1024 * 1024;

/** A /ws client in the expeditor room; resolves once subscribed. */
async function wsExpeditor(
  url: string,
  token: string,
): Promise<{ socket: WebSocket; received: () => number; bytes: () => number; closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { authorization: `Bearer ${token}` } });
  let received = 0;
  let bytes = 0;
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', rooms: ['expeditor'] })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'subscribed') resolve(null);
      if (message.type === 'order.created') {
        received++;
        bytes = data.length;
      }
    });
  });
  return { socket, received: () => received, bytes: () => bytes, closed };
}

async function ioExpeditor(url: string, token: string): Promise<ClientSocket> {
  const client = connectIo(url, { transports: ['websocket'], reconnection: false, auth: { token } });
  await new Promise((resolve, reject) => {
    client.once('connect_error', reject);
    client.once('connect', () => client.emit('subscribe', { rooms: ['expeditor'] }, resolve));
  });
  return client;
}

it('cuts off clients that stop reading, keeps serving the one that reads, and its memory stays bounded', { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-slow-'));
  let server: ServerProcess | undefined;
  const clients: { close(): void }[] = [];
  try {
    // The recovery buffer keeps the newest broadcasts on purpose; kept small here so it is not measured.
    server = await startServer(serverEnv(dataDir, { POS_SOCKET_MAX_BUFFER: String(MAX_BUFFER), POS_RECOVERY_MAX_EVENTS: '10' }));
    const { url } = server;
    const manager = await login(url, 'manager1');
    // A big event: an order of 100 dishes, each with 50 ingredients and a long description.
    const ingredients = [];
    for (let i = 0; i < 50; i++)
      ingredients.push(
        (await call<{ id: string }>(url, manager, 'POST', '/ingredients', { name: `Spice ${i}`, in_stock_qty: 1e9, price: 1 })).body.id,
      );
    const dish = await call<{ id: string }>(url, manager, 'POST', '/dishes', {
      name: 'Tasting menu',
      description: 'd'.repeat(2000),
      category: 'Main Course',
      image_name: 'tasting',
      preparation_time: 30,
      price: 99,
      station: 'hot',
      ingredients: ingredients.map((ingredient_id) => ({ ingredient_id, is_essential: false })),
    });
    expect(dish.status).toBe(201);

    const reader = await wsExpeditor(url, manager);
    const slowWs = await wsExpeditor(url, manager);
    const slowIo = await ioExpeditor(url, manager);
    clients.push(reader.socket, slowWs.socket, slowIo);
    // Stop reading: the server's writes pile up in the kernel, then in the server.
    slowWs.socket.pause();
    (slowIo.io.engine.transport as unknown as { ws: WebSocket }).ws.pause();

    const rss: number[] = [server.rss()];
    for (let i = 0; i < ORDERS; i++) {
      const order = await call(url, manager, 'POST', '/orders', {
        name: `Table${i}`,
        dish_ids: Array.from({ length: 100 }, () => dish.body.id),
      });
      expect(order.status).toBe(201);
      if (i % 10 === 9) rss.push(server.rss());
    }
    // The reader got every event while the others were cut off.
    for (const deadline = Date.now() + 20_000; reader.received() < ORDERS && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.received()).toBe(ORDERS);
    for (
      const deadline = Date.now() + 10_000;
      !/slow_consumer/.test(server.output()) || !/too slow reading events/.test(server.output());
    ) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toMatch(/"reason":"too slow reading events".*realtime: \/ws client cut off/);
    expect(server.output()).toMatch(/"reason":"slow_consumer".*realtime: socket.io client cut off/);

    // Resumed, the slow /ws client finds its connection ended.
    slowWs.socket.resume();
    expect([4008, 1006]).toContain(await slowWs.closed);

    const eventBytes = reader.bytes();
    const unbounded = ORDERS * eventBytes * 2;
    const growth = Math.max(...rss) - rss[0]!;
    console.log(
      `slow consumers: ${ORDERS} events of ${(eventBytes / MIB).toFixed(2)} MiB; without a bound the server ` +
        `would hold ${(unbounded / MIB).toFixed(0)} MiB for the two clients that stopped reading; its RSS ` +
        `went ${rss.map((bytes) => (bytes / MIB).toFixed(0)).join(' → ')} MiB (growth ` +
        `${(growth / MIB).toFixed(0)} MiB)`,
    );
    expect(growth).toBeLessThan(unbounded / 2);
  } finally {
    clients.forEach((client) => client.close());
    server?.kill();
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
