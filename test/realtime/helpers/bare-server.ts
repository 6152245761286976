// The realtime plugin alone on a bare fastify listening on port 0, over the in-memory store and
// the fake verifier: for transport behaviour that needs no REST routes. The app's one error
// handler is there too, as in production: it turns a refused /ws handshake into a Problem.
import Fastify, { type FastifyInstance } from 'fastify';
import realtime from '../../../realtime/plugin.js';
import { errorHandler } from '../../../server/problem.js';
import type { ChangeEvent } from '../../../store/types.js';
import { MemoryStore } from '../fakes/memory-store.js';
import { FakeVerifier } from '../fakes/verifier.js';

export interface BareServer {
  app: FastifyInstance;
  url: string;
  store: MemoryStore;
  verifier: FakeVerifier;
  close(): Promise<void>;
}

export async function startBareServer(options: { recoveryWindowMs?: number } = {}): Promise<BareServer> {
  const store = new MemoryStore();
  const verifier = new FakeVerifier();
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await app.register(realtime, { store, verifier, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, store, verifier, close: () => app.close() };
}

let serial = 0;
/** Emits `count` ingredient insertions as one commit (synchronously: the feed batches them); their ids. */
export function commitIngredients(server: BareServer, count: number): string[] {
  const ids = Array.from({ length: count }, () => (++serial).toString(16).padStart(24, '0'));
  for (const id of ids) {
    const after = { id, created_at: '2026-11-21T12:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z', name: `Herb ${id}`, in_stock_qty: 5, price: 1 };
    server.store.emitChange({ collection: 'ingredients', operation: 'insert', id, before: null, after } as ChangeEvent);
  }
  return ids;
}
