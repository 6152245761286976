// The storage floor of POST /orders: better-sqlite3 doing an order's logical work, and nothing
// else, on the project's own schema and pragmas (the file is opened by the store's own opening
// code). Per order: read its dishes, check and take the stock of their ingredients (in SQL: no
// parse and rewrite of the ingredient in JavaScript), insert the order's document as the store does
// (its field columns written from the object in hand, every index on them maintained by SQLite), its
// audit entry (`placed`, docs/audit.md) and, when the request carries one, its idempotency record
// under the id the store gives it.
import type Database from 'better-sqlite3';
import type { DishDoc } from '../../models/dish.js';
import { recordId } from '../../domain/idempotency/idempotency.js';
import { orderRelease } from '../../domain/kitchen/fire-times.js';
import { stationsOf, ticketsFor } from '../../domain/orders/tickets.js';
import { newId } from '../../store/ids.js';
import { insertStatement, insertValues } from '../../store/sqlite/columns.js';
import type { CollectionName } from '../../store/types.js';
import type { OrderBody } from './api.js';

/** Columns a table has besides id and doc that an INSERT must fill (not generated from doc). */
function extraColumns(db: Database.Database, table: string): string[] {
  const columns = db.prepare(`SELECT name, hidden FROM pragma_table_xinfo(?)`).all(table) as { name: string; hidden: number }[];
  // hidden 2 and 3 are generated columns: SQLite computes them from doc by itself.
  return columns.filter(({ name, hidden }) => hidden === 0 && name !== 'id' && name !== 'doc').map(({ name }) => name);
}

/** The store's own INSERT of a document (store/sqlite/columns.ts): its id, its text and its field columns. */
function inserter(db: Database.Database, collection: CollectionName): (doc: Record<string, unknown>, text: string) => void {
  const statement = db.prepare(insertStatement(collection));
  return (doc, text) => statement.run(doc.id, text, ...insertValues(collection, doc));
}

/** Takes `units` of an ingredient unless it is essential and short; false when refused. */
function stockTaker(db: Database.Database): (id: string, units: number, essential: boolean, at: string) => boolean {
  // A store that moved the stock into a real column is decremented there; otherwise in the JSON.
  const column = extraColumns(db, 'ingredients').includes('in_stock_qty');
  const quantity = column ? 'in_stock_qty' : `(doc ->> '$.in_stock_qty')`;
  const set = column
    ? `in_stock_qty = in_stock_qty - @units, doc = json_set(doc, '$.updated_at', @at)`
    : `doc = json_set(doc, '$.in_stock_qty', ${quantity} - @units, '$.updated_at', @at)`;
  const statement = db.prepare(`UPDATE ingredients SET ${set} WHERE id = @id AND (@essential = 0 OR ${quantity} >= @units)`);
  return (id, units, essential, at) => statement.run({ units, at, id, essential: essential ? 1 : 0 }).changes === 1;
}

/**
 * `orderWork` in transactions: one order (a SAVEPOINT of its own when nested), and a batch of
 * orders in one transaction, each in its own savepoint as group commit needs (refused alone).
 */
export function orderTransactions(db: Database.Database, ownerId: string) {
  const work = orderWork(db, ownerId);
  const one = db.transaction((body: OrderBody, key: string | null) => work.place(body, key));
  // Each order's document, or the error that refused it alone (the others commit).
  const many = db.transaction((batch: [OrderBody, string | null][]) =>
    batch.map(([body, key]): PlacedOrder | Error => {
      try {
        return one(body, key);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
  return { one, many };
}

/** The order as stored (owner and stock taken included). */
export type PlacedOrder = Record<string, unknown> & { id: string };

export interface OrderWork {
  /** One order's work; throws (undoing its writes when run as a transaction) if stock is short. */
  place(body: OrderBody, idempotencyKey: string | null): PlacedOrder;
}

export function orderWork(db: Database.Database, ownerId: string): OrderWork {
  const readDishes = db.prepare(`SELECT doc FROM dishes WHERE id IN (SELECT value FROM json_each(?))`).pluck();
  const take = stockTaker(db);
  const insertOrder = inserter(db, 'orders');
  const insertKey = inserter(db, 'idempotency_keys');
  const insertAudit = inserter(db, 'order_audit');
  return {
    place(body, idempotencyKey) {
      const now = new Date();
      const at = now.toISOString();
      const found = new Map(
        (readDishes.all(JSON.stringify([...new Set(body.dish_ids)])) as string[]).map((text) => {
          const dish = JSON.parse(text) as DishDoc;
          return [dish.id, dish];
        }),
      );
      const dishes = body.dish_ids.map((id) => found.get(id)).filter((dish) => dish !== undefined);
      if (dishes.length !== body.dish_ids.length) throw new Error('unknown dish');
      const needs = new Map<string, { units: number; essential: boolean }>();
      for (const { ingredient_id, is_essential } of dishes.flatMap((dish) => dish.ingredients)) {
        const need = needs.get(ingredient_id) ?? { units: 0, essential: false };
        need.units += 1;
        need.essential ||= is_essential;
        needs.set(ingredient_id, need);
      }
      for (const [id, { units, essential }] of needs) if (!take(id, units, essential, at) && essential) throw new Error(`${id} is short`);
      const plan = orderRelease(null, dishes, now);
      const order = {
        id: newId(now.getTime()),
        created_at: at,
        updated_at: at,
        name: body.name,
        dish_ids: body.dish_ids,
        table_number: body.table_number,
        special_requests: null,
        scheduled_at: null,
        priority: 3,
        ...plan,
        tickets: ticketsFor(stationsOf(dishes), [], plan.status, at),
        ready_at: null,
        closed_at: null,
        owner_id: ownerId,
        stock_taken: [...needs].map(([ingredient_id, { units }]) => ({ ingredient_id, units })),
      };
      const text = JSON.stringify(order);
      insertOrder(order, text);
      const placed = {
        name: order.name,
        dish_ids: order.dish_ids,
        table_number: order.table_number,
        allergies: [],
        priority: 3,
        status: order.status,
        pacing: 'at_once',
      };
      const changes = Object.fromEntries(
        Object.entries(placed)
          .filter(([, after]) => after !== null)
          .map(([field, after]) => [field, { before: null, after }]),
      );
      const entry = {
        id: newId(now.getTime()),
        created_at: at,
        updated_at: at,
        order_id: order.id,
        at,
        user_id: ownerId,
        user_name: 'bench',
        action: 'placed',
        changes,
        expires_at: new Date(now.getTime() + 90 * 86_400_000).toISOString(),
      };
      insertAudit(entry, JSON.stringify(entry));
      if (idempotencyKey === null) return order;
      const expires = new Date(now.getTime() + 86_400_000).toISOString();
      // Under the id the store finds it by (derived from caller and key), as the API stores it.
      const request = { scope: `user:${ownerId}`, key: idempotencyKey, fingerprint: '0'.repeat(64) };
      const record = {
        id: recordId(request),
        created_at: at,
        updated_at: at,
        ...request,
        status: 201,
        location: `/orders/${order.id}`,
        content_type: 'application/json; charset=utf-8',
        body: text,
        expires_at: expires,
      };
      insertKey(record, JSON.stringify(record));
      return order;
    },
  };
}
