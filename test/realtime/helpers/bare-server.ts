// The realtime plugin alone on a bare fastify listening on port 0, over the in-memory store and
// the fake verifier: for transport behaviour that needs no REST routes. The app's one error
// handler is there too, as in production: it turns a refused /ws handshake into a Problem. Also the
// hooks that give each test of a file its own such server, and close its clients after it.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { openMenu } from '../../../domain/menu/menu.js';
import realtime from '../../../realtime/plugin.js';
import type { SocketIoWrites } from '../../../realtime/transports/socketio.js';
import { errorHandler } from '../../../server/problem.js';
import type { ChangeEvent } from '../../../store/types.js';
import { MemoryStore } from '../fakes/memory-store.js';
import { FakeVerifier } from '../fakes/verifier.js';
import type { SioClient, WsClient } from './clients.js';

export interface BareServer {
  app: FastifyInstance;
  url: string;
  store: MemoryStore;
  verifier: FakeVerifier;
  close(): Promise<void>;
}

export interface BareServerOptions {
  recoveryWindowMs?: number;
  socketIoWrites?: SocketIoWrites;
}

export async function startBareServer(options: BareServerOptions = {}): Promise<BareServer> {
  const store = new MemoryStore();
  const verifier = new FakeVerifier();
  // Opened first, as the server does: the feed reads dishes and stock from it.
  const menu = await openMenu(store);
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.addHook('onClose', async () => menu.close());
  await app.register(realtime, { store, verifier, menu, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, store, verifier, close: () => app.close() };
}

export interface BareServerPerTest<C extends SioClient | WsClient> {
  /** Refilled with a fresh bare server before each test. */
  server: BareServer;
  /** The clients to close after the test (emptied after each). */
  clients: C[];
  /** Adds a client to `clients`; returns it. */
  track<T extends C>(client: T): T;
}

/**
 * Registers the hooks of a file whose every test runs on its own bare server: started before the
 * test; after it, the tracked clients closed, then the server. The returned objects stay the same
 * for the whole file (their contents change), so a file may hold them in constants.
 */
export function bareServerPerTest<C extends SioClient | WsClient = SioClient | WsClient>(
  options: BareServerOptions = {},
): BareServerPerTest<C> {
  const server = {} as BareServer;
  const clients: C[] = [];
  beforeEach(async () => {
    Object.assign(server, await startBareServer(options));
  });
  afterEach(async () => {
    clients.splice(0).forEach((client) => client.close());
    await server.close();
  });
  return { server, clients, track: (client) => (clients.push(client), client) };
}

let serial = 0;
/** Emits `count` ingredient insertions as one commit (synchronously: the feed batches them); their ids. */
export function commitIngredients(server: BareServer, count: number): string[] {
  const ids = Array.from({ length: count }, () => (++serial).toString(16).padStart(24, '0'));
  for (const id of ids) {
    const after = {
      id,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      name: `Herb ${id}`,
      in_stock_qty: 5,
      price: 1,
    };
    server.store.emitChange({ collection: 'ingredients', operation: 'insert', id, before: null, after } as ChangeEvent);
  }
  return ids;
}
