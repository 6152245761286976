// The ceiling: a bare fastify server (no logger, plugins, validation, auth or store) answering the
// benchmarked routes with the very JSON bodies the real server gave, kept in memory. Whatever the
// real server does beyond this is the price of its features.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface CeilingBodies {
  dishList: unknown;
  dishes: Record<string, unknown>;
  orderList: unknown;
  createdOrder: unknown;
}

const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES ?? '', 'utf8')) as CeilingBodies;
const app = Fastify();

app.get('/health', async () => ({ status: 'ok' }));
app.get('/dishes', async () => bodies.dishList);
app.get<{ Params: { id: string } }>(
  '/dishes/:id',
  async (request, reply) => bodies.dishes[request.params.id] ?? reply.code(404).send({ title: 'Not Found' }),
);
app.get('/orders', async () => bodies.orderList);
app.post('/orders', async (_request, reply) => reply.code(201).send(bodies.createdOrder));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
