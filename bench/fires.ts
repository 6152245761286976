// The pacing scheduler's cost as held tickets grow: CPU of one idle tick (nothing due: the due
// query and the next-fire query, what the scheduler runs at least every 30 s) and CPU per fire
// (200 orders falling due at once), with 1,000, 10,000 and 100,000 held tickets on the embedded
// store. Half the held tickets belong to scheduled Drafts (two stations each, fire_at a day on),
// half to orders paced by courses whose later course is held (fire_at null). Flat means the due
// work is found through the next_fire_at index, never by reading the held orders.
//   npx tsx bench/fires.ts [sizes, comma-separated] [idle ticks] > bench/results/fires.json
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OrderScheduler } from '../domain/orders/scheduler.js';
import type { OrderDoc } from '../models/order.js';
import type { Ticket } from '../models/ticket.js';
import { openSqliteStore } from '../store/sqlite/index.js';
import type { NewDoc, Store } from '../store/types.js';
import { median, round } from './lib/stats.js';

const SIZES = (process.argv[2] ?? '1000,10000,100000').split(',').map(Number);
const IDLE_TICKS = Number(process.argv[3] ?? 200);
const DUE = 200;
const T0 = Date.parse('2026-11-26T19:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const ticket = (station: Ticket['station'], status: Ticket['status'], course: number, fire_at: string | null): Ticket => ({
  station,
  status,
  fired_at: status === 'Draft' ? null : iso(T0),
  started_at: null,
  ready_at: null,
  bumped_by: null,
  course,
  fire_at,
  changes: [],
});

function order(status: OrderDoc['status'], tickets: Ticket[], fireAt: string | null, next: string | null): NewDoc<OrderDoc> {
  return {
    name: 'Bench',
    dish_ids: ['5f0000000000000000000009'],
    table_number: 4,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status,
    fire_at: fireAt,
    pacing: next === null && status !== 'Draft' ? 'courses' : 'together',
    course_gap_minutes: null,
    tickets,
    next_fire_at: next,
    ready_at: null,
    closed_at: null,
    owner_id: '5f0000000000000000000001',
    stock_taken: [],
  };
}

/** `held` held tickets: half on scheduled Drafts (2 each), half on coursed orders (1 each). */
async function fill(store: Store, held: number): Promise<void> {
  const later = iso(T0 + 24 * 3600_000);
  const docs: NewDoc<OrderDoc>[] = [];
  for (let i = 0; i < held / 4; i++)
    docs.push(order('Draft', [ticket('cold', 'Draft', 1, later), ticket('hot', 'Draft', 1, later)], later, later));
  for (let i = 0; i < held / 2; i++)
    docs.push(order('Received', [ticket('cold', 'Received', 1, iso(T0)), ticket('hot', 'Draft', 2, null)], null, null));
  for (let at = 0; at < docs.length; at += 1000) {
    await store.transaction(async (tx) => {
      for (const doc of docs.slice(at, at + 1000)) await tx.collection('orders').insert(doc);
    });
  }
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function measure(held: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-fires-'));
  const now = () => new Date(T0 + 60_000);
  const store = openSqliteStore({ dataDir, clock: now });
  try {
    await fill(store, held);
    const scheduler = new OrderScheduler(store, now);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_TICKS; i++) {
      const before = cpuUs();
      await scheduler.releaseDue();
      await scheduler.nextFire();
      idle.push(cpuUs() - before);
    }
    const due = iso(T0 + 30_000);
    await store.transaction(async (tx) => {
      for (let i = 0; i < DUE; i++)
        await tx
          .collection('orders')
          .insert(order('Received', [ticket('cold', 'Received', 1, iso(T0)), ticket('hot', 'Draft', 1, due)], null, due));
    });
    const before = cpuUs();
    const fired = await scheduler.releaseDue();
    const perFire = (cpuUs() - before) / fired.length;
    if (fired.length !== DUE) throw new Error(`fired ${fired.length} of ${DUE}`);
    const tick = median(idle);
    return { held_tickets: held, idle_tick_us: round(tick, 1), idle_us_per_second: round(tick / 30, 2), fire_us: round(perFire, 1) };
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of SIZES) results.push(await measure(size));
console.log(
  JSON.stringify(
    { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, idle_ticks: IDLE_TICKS, due_per_fire_run: DUE, results },
    null,
    2,
  ),
);
