// The realtime plugin alone on a bare fastify listening on port 0, over the in-memory store and
// the fake verifier: for transport behaviour that needs no REST routes. The app's one error
// handler is there too, as in production: it turns a refused /ws handshake into a Problem.
import Fastify, { type FastifyInstance } from 'fastify';
import realtime from '../../../realtime/plugin.js';
import { errorHandler } from '../../../server/problem.js';
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
