// Measures what the orders INSERT and a status change cost with the indexed fields read from the
// JSON by every index entry and count trigger (expression indexes: data format 2), with real columns
// the store fills from the document it holds in JavaScript (format 3: the store's own statements,
// store/sqlite/columns.ts), and with STORED generated columns SQLite fills from the JSON once per
// row. Same indexes, same counts, same pragmas (the store's own opening code); one transaction per
// write as the store commits alone. Runs alternate the three so the host's drift (±13%) hits each
// alike; prints the CPU per write of each run, the medians and the paired ratios as JSON.
//   npx tsx bench/tools/columns-sqlite.ts [writes per run] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { insertStatement, insertValues, updateSet } from '../../store/sqlite/columns.js';
import { openConnections } from '../../store/sqlite/open.js';
import { columnFields } from '../../store/sqlite/schema.js';
import { newId } from '../../store/ids.js';
import { median } from '../lib/stats.js';

const PER_RUN = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 12);
const FIELDS = columnFields('orders');

type Variant = 'expressions' | 'columns' | 'generated';
type Doc = Record<string, unknown>;

const column = (field: string) => `"${field}"`;
const json = (field: string) => `doc ->> '$.${field}'`;

/**
 * Makes the orders table of a format-3 file one of the other two shapes: its indexes and count
 * triggers rebuilt reading the JSON (format 2) or generated columns; the refresh triggers go.
 */
function reshape(db: Database.Database, variant: Exclude<Variant, 'columns'>): void {
  const objects = db
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'orders' AND type IN ('index', 'trigger') AND sql IS NOT NULL`)
    .all() as { type: string; name: string; sql: string }[];
  for (const { type, name } of objects) db.exec(`DROP ${type.toUpperCase()} "${name}"`);
  const kept = objects
    .filter(({ name }) => !name.includes('__columns__'))
    .map(({ sql }) => sql.replace(/AFTER UPDATE OF [^]*? ON/, 'AFTER UPDATE OF doc ON'));
  const generated = FIELDS.map((field) => `, ${column(field)} GENERATED ALWAYS AS (${json(field)}) STORED`).join('');
  db.exec(`DROP TABLE orders; CREATE TABLE orders (id TEXT PRIMARY KEY, doc TEXT NOT NULL${variant === 'generated' ? generated : ''})`);
  const fromJson = (sql: string) =>
    FIELDS.reduce(
      (text, field) => text.replace(new RegExp(`(NEW\\.|OLD\\.)?"${field}"`, 'g'), (_, row = '') => `${row}${json(field)}`),
      sql,
    );
  for (const sql of kept) db.exec(variant === 'expressions' ? fromJson(sql) : sql);
}

function order(i: number, now: Date): Doc {
  const at = now.toISOString();
  const stations = ['hot', 'cold'];
  return {
    id: newId(now.getTime()),
    created_at: at,
    updated_at: at,
    name: `Guest ${i}`,
    dish_ids: ['5f0000000000000000000001', '5f0000000000000000000002'],
    table_number: (i % 30) + 1,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status: 'Received',
    fire_at: at,
    duration_s: 600,
    tickets: stations.map((station) => ({
      station,
      status: 'Received',
      updated_at: at,
      started_at: null,
      ready_at: null,
      fire_at: at,
      duration_s: 300,
    })),
    ready_at: null,
    closed_at: null,
    owner_id: `5f00000000000000000000a${i % 8}`,
    stock_taken: Array.from({ length: 8 }, (_, k) => ({ ingredient_id: `5f00000000000000000010${String(k).padStart(2, '0')}`, units: 1 })),
  };
}

type Change = 'status' | 'ticket';
interface Bench {
  variant: Variant;
  place: (i: number) => void;
  change: (kind: Change) => void;
  close: () => void;
}

function open(variant: Variant): Bench {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pos-columns-${variant}-`));
  const { writer, reader, release } = openConnections(dir, 'NORMAL');
  reader.close();
  const { db } = writer;
  if (variant !== 'columns') reshape(db, variant);
  const stored = variant === 'columns';
  const insert = db.prepare(stored ? insertStatement('orders') : `INSERT INTO orders (id, doc) VALUES (?, ?)`);
  const ids: string[] = [];
  const one = db.transaction((doc: Doc) => {
    const text = JSON.stringify(doc);
    insert.run(doc.id, text, ...(stored ? insertValues('orders', doc) : []));
    ids.push(doc.id as string);
  });
  // A change as the store writes it: the whole document (and the columns whose value changed). A
  // status change moves the order between statuses; a station's ticket change leaves status alone.
  const updates = new Map<string, Database.Statement>();
  const read = db.prepare(`SELECT doc FROM orders WHERE id = ?`).pluck();
  // One cursor per kind: each change meets an order as placed (ids grow as fast as either advances).
  const next = { status: 0, ticket: 0 };
  const change = db.transaction((kind: Change) => {
    const before = JSON.parse(read.get(ids[next[kind]++]) as string) as Doc;
    const at = new Date().toISOString();
    const tickets = (before.tickets as Doc[]).map((ticket, i) =>
      i === 0 ? { ...ticket, status: 'In Progress', started_at: at, updated_at: at } : ticket,
    );
    const doc: Doc = kind === 'status' ? { ...before, status: 'Ready for Pickup', updated_at: at } : { ...before, tickets, updated_at: at };
    const text = JSON.stringify(doc);
    const set = stored ? updateSet('orders', before, doc, text) : { sql: 'doc = ?', params: [text] };
    const sql = `UPDATE orders SET ${set.sql} WHERE id = ?`;
    let statement = updates.get(sql);
    if (!statement) updates.set(sql, (statement = db.prepare(sql)));
    statement.run(...set.params, doc.id);
  });
  return {
    variant,
    place: (i) => one.immediate(order(i, new Date())),
    change: (kind) => change.immediate(kind),
    close: () => (writer.close(), release(), fs.rmSync(dir, { recursive: true, force: true })),
  };
}

const benches = (['expressions', 'columns', 'generated'] as const).map(open);
const KINDS = ['insert', 'status', 'ticket'] as const;
const runs = Object.fromEntries(KINDS.map((kind) => [kind, { expressions: [], columns: [], generated: [] }])) as unknown as Record<
  (typeof KINDS)[number],
  Record<Variant, number[]>
>;
let placed = 0;
for (const bench of benches) for (let i = 0; i < PER_RUN; i++) bench.place(placed++); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  // Each round starts with a different variant, so none always runs first.
  for (let k = 0; k < benches.length; k++) {
    const bench = benches[(round + k) % benches.length]!;
    for (const kind of KINDS) {
      const work = kind === 'insert' ? () => bench.place(placed++) : () => bench.change(kind);
      const cpu = process.cpuUsage();
      for (let i = 0; i < PER_RUN; i++) work();
      const used = process.cpuUsage(cpu);
      runs[kind][bench.variant].push(Math.round(((used.user + used.system) / PER_RUN) * 10) / 10);
    }
  }
}
const summary = (byVariant: Record<Variant, number[]>) => ({
  cpuUsPerWrite: byVariant,
  medians: Object.fromEntries(Object.entries(byVariant).map(([variant, xs]) => [variant, median(xs)])),
  // Paired: each round's figure over the expression indexes' figure of the same round.
  medianRatioToExpressions: Object.fromEntries(
    (['columns', 'generated'] as const).map((v) => [
      v,
      Math.round(median(byVariant[v].map((x, r) => x / byVariant.expressions[r]!)) * 1000) / 1000,
    ]),
  ),
});
const summaries = { insert: summary(runs.insert), statusChange: summary(runs.status), ticketChange: summary(runs.ticket) };
process.stdout.write(`${JSON.stringify({ perRun: PER_RUN, rounds: ROUNDS, ...summaries })}\n`);
for (const bench of benches) bench.close();
