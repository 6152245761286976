// The storage floor, in a process of its own: opens a copy of the benchmark's data directory with
// the store's own opening code (schema, upgrades, pragmas), then places orders with better-sqlite3
// alone (bench/lib/floor-sql.ts): one transaction per order, then `group` orders per transaction,
// each in its own savepoint as group commit needs (a failing order rolls back alone). Prints the
// CPU time and wall time per order of each as one line of JSON.
import { readFileSync } from 'node:fs';
import { openConnections } from '../store/sqlite/open.js';
import type { OrderBody } from './lib/api.js';
import { orderTransactions } from './lib/floor-sql.js';

export interface FloorSqlInput {
  dataDir: string;
  bodies: OrderBody[];
  ownerId: string;
  orders: number;
  warmup: number;
  group: number;
  idempotency: boolean;
}

export interface FloorSqlRun {
  orders: number;
  cpuUsPerOrder: number;
  ordersPerSecond: number;
}

export interface FloorSqlResult {
  perOrder: FloorSqlRun;
  grouped: FloorSqlRun & { group: number };
}

const input = JSON.parse(readFileSync(process.env.BENCH_FLOOR_INPUT ?? '', 'utf8')) as FloorSqlInput;
const { writer, reader, release } = openConnections(input.dataDir, 'NORMAL');
reader.close();
const { db } = writer;
const { one, many } = orderTransactions(db, input.ownerId);

const run = process.pid.toString(36);
let placed = 0;
const next = (): [OrderBody, string | null] => [
  input.bodies[placed % input.bodies.length] as OrderBody,
  input.idempotency ? `floor-${run}-${placed++}` : (placed++, null),
];

/** `batches` calls of `placeBatch`, each placing `size` orders. */
function measure(batches: number, size: number, placeBatch: () => void): FloorSqlRun {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < batches; i++) placeBatch();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const orders = batches * size;
  return { orders, cpuUsPerOrder: Math.round((used.user + used.system) / orders), ordersPerSecond: Math.round(orders / seconds) };
}

try {
  for (let i = 0; i < input.warmup; i++) one.immediate(...next());
  const perOrder = measure(input.orders, 1, () => one.immediate(...next()));
  const grouped = measure(Math.ceil(input.orders / input.group), input.group, () =>
    many.immediate(Array.from({ length: input.group }, next)),
  );
  const result: FloorSqlResult = { perOrder, grouped: { ...grouped, group: input.group } };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  writer.close();
  release();
}
