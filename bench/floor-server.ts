// The HTTP floor of POST /orders: a bare fastify server (no logger, plugins, auth or store) whose
// one route validates the body with the project's own schema for placing an order (OrderCreate)
// and answers a fixed 201. What our server costs beyond this plus the SQL work is its own.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { OrderCreate } from '../models/order.js';

const created = readFileSync(process.env.BENCH_BODY ?? '', 'utf8');
const app = Fastify();

app.get('/health', async () => ({ status: 'ok' }));
app.post('/orders', { schema: { body: OrderCreate } }, async (_request, reply) =>
  reply.code(201).header('content-type', 'application/json; charset=utf-8').send(created),
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
