// The least a server can do for POST /orders and still keep the contract, as a reference for ours:
// the floor's two parts in one process (the bare fastify route validating OrderCreate, and
// better-sqlite3 doing the order's work, bench/lib/floor-sql.ts, group-committed per turn of the
// event loop, answered after the COMMIT), plus, each as cheaply as it can be done here, what every
// order must also get: its bearer token checked (verified once, then remembered until it expires),
// its Idempotency-Key fingerprinted and looked up, one access-log line (pino, at info), the security
// headers and Location, and the stored order serialized as the answer (409 when it was refused).
// Left out, as ours has them for other work: the change events and what follows them (the live
// menu, the kitchen book, realtime), role and account checks beyond the token, rate limits, replays.
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyReply } from 'fastify';
import { jwtVerify } from 'jose';
import { fingerprintOf, recordId } from '../domain/idempotency/idempotency.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../domain/accounts/tokens.js';
import { OrderCreate } from '../models/order.js';
import { publicOrder } from '../realtime/policies/public-fields.js';
import { helmetHeaders } from '../server/plugins/security.js';
import { openConnections } from '../store/sqlite/open.js';
import type { OrderBody } from './lib/api.js';
import { orderTransactions, type PlacedOrder } from './lib/floor-sql.js';

const dataDir = process.env.BENCH_DATA_DIR ?? '';
const { writer, reader } = openConnections(dataDir, 'NORMAL');
reader.close();
const { many } = orderTransactions(writer.db, process.env.BENCH_OWNER ?? '');
const storedKey = writer.db.prepare('SELECT 1 FROM idempotency_keys WHERE id = ?').pluck();
const secret = new TextEncoder().encode(readFileSync(process.env.BENCH_JWT_SECRET_FILE ?? '', 'utf8').trim());
const headers = (await helmetHeaders()).map(([name, value]) => [name.toLowerCase(), value] as const);

/** Claims of the tokens seen: a token is verified once, as ours does. */
const verified = new Map<string, { sub: string; exp: number }>();

async function callerOf(authorization: string | undefined): Promise<string | null> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
  let claims = verified.get(token);
  if (!claims) {
    const { payload } = await jwtVerify(token, secret, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE }).catch(() => ({ payload: null }));
    if (!payload?.sub || !payload.exp) return null;
    verified.set(token, (claims = { sub: payload.sub, exp: payload.exp }));
  }
  return claims.exp * 1000 > Date.now() ? claims.sub : null;
}

type Outcome = PlacedOrder | Error;
let pending: { body: OrderBody; key: string | null; settle: (outcome: Outcome) => void }[] = [];

/** One transaction for every order that arrived during this turn of the loop, each in its savepoint. */
function commit(): void {
  const batch = pending;
  pending = [];
  const outcomes = many.immediate(batch.map(({ body, key }) => [body, key]));
  batch.forEach(({ settle }, i) => settle(outcomes[i] ?? new Error('not placed')));
}

function place(body: OrderBody, key: string | null): Promise<Outcome> {
  if (pending.length === 0) setImmediate(commit);
  return new Promise((settle) => pending.push({ body, key, settle }));
}

const problem = (reply: FastifyReply, status: number, title: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: 'about:blank', title, status }));

const app = Fastify({ logger: { level: 'info' }, disableRequestLogging: true });
app.addHook('onRequest', (_request, reply, done) => {
  for (const [name, value] of headers) reply.header(name, value);
  done();
});
app.addHook('onResponse', (request, reply, done) => {
  reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  done();
});
app.get('/health', async () => ({ status: 'ok' }));
app.post('/orders', { schema: { body: OrderCreate } }, async (request, reply) => {
  const caller = await callerOf(request.headers.authorization);
  if (caller === null) return problem(reply, 401, 'Unauthorized');
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : null;
  // The fingerprint is what a repeat is told apart by; the benchmark never repeats a key, so a stored one is just refused.
  if (
    key !== null &&
    storedKey.get(recordId({ scope: `user:${caller}`, key, fingerprint: fingerprintOf('POST', '/orders', request.body) })) !== undefined
  ) {
    return problem(reply, 409, 'Key already used');
  }
  const outcome = await place(request.body as OrderBody, key);
  if (outcome instanceof Error) return problem(reply, 409, outcome.message);
  return reply
    .code(201)
    .header('location', `/orders/${outcome.id}`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(publicOrder(outcome as never)));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
