// Group commit in the embedded store: writes and transactions started in one turn share one COMMIT,
// yet each keeps its own outcome: a failing one is undone alone, nobody is answered before the
// COMMIT that makes their writes durable, and change events come in commit order.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CommitGroup, MAX_BATCH_MS, MAX_BATCH_UNITS } from '../../../store/sqlite/commit-group.js';
import { Connection } from '../../../store/sqlite/connection.js';
import { ChangeFeed } from '../../../store/sqlite/feed.js';
import { Mutex } from '../../../store/sqlite/mutex.js';
import { DuplicateKeyError, type ChangeEvent } from '../../../store/types.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const fixture = storesPerTest('pos-group-');

/**
 * A store on a fresh directory, with the sizes of its commits (negative when one failed) and its
 * change events; `batchClock` stands the batch's clock still where only turns may close a batch.
 */
function open(batchClock?: () => number) {
  const commits: number[] = [];
  const { dataDir, store } = fixture.open({ onCommit: ({ units, failed }) => commits.push(failed ? -units : units), batchClock });
  const events: string[] = [];
  store.onChange((event) => events.push(`${event.operation} ${event.collection} ${nameOf(event)}`));
  return { dataDir, store, commits, events };
}

function nameOf(event: ChangeEvent): string | undefined {
  const doc = (event.after ?? event.before) as { name?: string; user_name?: string };
  return doc.name ?? doc.user_name;
}
const ingredient = (name: string) => ({ name, in_stock_qty: 5, price: 1 });
const user = (user_name: string) => ({ user_name, email: `${user_name}@example.com`, role: 'patron' as const, password_hash: 'hash' });

describe('group commit', () => {
  it('undoes a failing transaction alone: the others started in the same turn commit with one COMMIT', async () => {
    const { store, commits, events } = open();
    await store.collection('users').insert(user('ann'));
    commits.length = 0;
    events.length = 0;
    const outcomes = await Promise.allSettled([
      store.transaction(async (tx) => tx.collection('ingredients').insert(ingredient('Flour'))),
      store.transaction(async (tx) => {
        await tx.collection('ingredients').insert(ingredient('Saffron'));
        await tx.collection('ingredients').insert(ingredient('Vanilla'));
        throw new Error('out of saffron');
      }),
      store.collection('users').insert(user('ANN')), // a unique name taken: this write alone fails
      store.transaction(async (tx) => tx.collection('ingredients').insert(ingredient('Salt'))),
      store.collection('ingredients').insert(ingredient('Rice')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('out of saffron'));
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new DuplicateKeyError('users', 'user_name'));
    expect(commits).toEqual([3]);
    expect((await store.collection('ingredients').find([])).map((doc) => doc.name).sort()).toEqual(['Flour', 'Rice', 'Salt']);
    expect((await store.collection('users').find([])).map((doc) => doc.user_name)).toEqual(['ann']);
    expect(events).toEqual(['insert ingredients Flour', 'insert ingredients Salt', 'insert ingredients Rice']);
  });

  it('answers nobody before the COMMIT: each answer finds its write in another connection, after every change listener ran', async () => {
    const { dataDir, store, commits, events } = open();
    const other = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    try {
      const find = other.prepare('SELECT count(*) FROM ingredients WHERE id = ?').pluck();
      const names = Array.from({ length: 10 }, (_, i) => `Spice ${i}`);
      const answers: string[] = [];
      await Promise.all(
        names.map((name) =>
          store
            .collection('ingredients')
            .insert(ingredient(name))
            .then((doc) => {
              answers.push(`${doc.name}: stored ${String(find.get(doc.id))}, events seen ${events.length}`);
            }),
        ),
      );
      expect(commits).toEqual([10]);
      expect(answers).toEqual(names.map((name) => `${name}: stored 1, events seen 10`));
    } finally {
      other.close();
    }
  });

  it("publishes events in commit order: a transaction's writes together, turn after turn", async () => {
    const { store, commits, events } = open();
    const first = Promise.all([
      store.transaction(async (tx) => {
        await tx.collection('ingredients').insert(ingredient('A1'));
        await new Promise((resolve) => setTimeout(resolve, 5)); // holds its place across a timer
        await tx.collection('ingredients').insert(ingredient('A2'));
      }),
      store.collection('ingredients').insert(ingredient('B1')),
      store.transaction(async (tx) => {
        await tx.collection('ingredients').insert(ingredient('C1'));
        await tx.collection('ingredients').insert(ingredient('C2'));
      }),
    ]);
    await first;
    await Promise.all([store.collection('ingredients').insert(ingredient('D1')), store.collection('ingredients').insert(ingredient('E1'))]);
    expect(events).toEqual(['A1', 'A2', 'B1', 'C1', 'C2', 'D1', 'E1'].map((name) => `insert ingredients ${name}`));
    expect(commits).toEqual([3, 2]);
  });

  it('keeps a batch open while each turn brings it new writes: writes started turn after turn share one COMMIT', async () => {
    // The batch's clock stands still: on a busy machine three turns can take longer than MAX_BATCH_MS.
    const { store, commits, events } = open(() => 0);
    const insert = (name: string) => store.collection('ingredients').insert(ingredient(name));
    const next = (name: string) => new Promise<unknown>((resolve) => setImmediate(() => resolve(insert(name))));
    // Each write starts in the turn after the one before it, as requests answered together come back.
    const written = [
      insert('A'),
      next('B').then(() => 0),
      new Promise((resolve) => setImmediate(() => setImmediate(() => resolve(insert('C'))))),
    ];
    await Promise.all(written);
    expect(commits).toEqual([3]);
    expect(events).toEqual(['A', 'B', 'C'].map((name) => `insert ingredients ${name}`));
    // Then a turn with nothing new commits: a lone write waits one quiet turn, no timer.
    let turns = 0;
    let done = false;
    const count = () => {
      turns += 1;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    await insert('D').then(() => (done = true));
    expect({ commits, turns }).toEqual({ commits: [3, 1], turns: 2 });
  });

  it(`commits a batch still growing once it holds ${MAX_BATCH_UNITS} writes`, async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE tickets (id INTEGER PRIMARY KEY)');
    const connection = new Connection(db);
    const commits: number[] = [];
    // The batch's clock stands still: only the count can close it, however slow the machine.
    const group = new CommitGroup(
      connection,
      new ChangeFeed(() => {}),
      new Mutex(),
      ({ units }) => commits.push(units),
      () => 0,
    );
    const count = MAX_BATCH_UNITS + 6;
    // One write a turn, without end as far as the batch can tell.
    const written: Promise<unknown>[] = [];
    try {
      await new Promise<void>((resolve) => {
        const start = (id: number) => {
          written.push(group.run(() => connection.run('INSERT INTO tickets (id) VALUES (?)', [id])));
          if (id < count) setImmediate(() => start(id + 1));
          else resolve();
        };
        start(1);
      });
      await Promise.all(written);
      expect(commits).toEqual([MAX_BATCH_UNITS, 6]);
      expect(db.prepare('SELECT count(*) FROM tickets').pluck().get()).toBe(count);
    } finally {
      db.close();
    }
  });

  it(`commits a batch still growing once it has been open ${MAX_BATCH_MS} ms`, async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE tickets (id INTEGER PRIMARY KEY)');
    const connection = new Connection(db);
    const commits: number[] = [];
    let now = 0;
    const group = new CommitGroup(
      connection,
      new ChangeFeed(() => {}),
      new Mutex(),
      ({ units }) => commits.push(units),
      () => now,
    );
    // Slow writes, one a turn: each takes 4 ms on the batch's clock.
    const slowWrite = (id: number) =>
      group.run(() => {
        now += 4;
        connection.run('INSERT INTO tickets (id) VALUES (?)', [id]);
      });
    const written: Promise<unknown>[] = [];
    try {
      await new Promise<void>((resolve) => {
        const start = (id: number) => {
          written.push(slowWrite(id));
          if (id < 5) setImmediate(() => start(id + 1));
          else resolve();
        };
        start(1);
      });
      await Promise.all(written);
      expect(commits).toEqual([3, 2]); // open for 12 ms after its third write
      expect(db.prepare('SELECT count(*) FROM tickets').pluck().get()).toBe(5);
    } finally {
      db.close();
    }
  });

  it('fails every unit of a batch whose COMMIT fails, publishes none of it and keeps none of it', async () => {
    // A deferred foreign key is checked at COMMIT: the real way SQLite refuses a COMMIT.
    const db = new Database(path.join(fixture.freshDir(), 'commit.sqlite'));
    db.pragma('foreign_keys = ON');
    db.exec(
      'CREATE TABLE tables_ (id INTEGER PRIMARY KEY); CREATE TABLE seats (id INTEGER PRIMARY KEY, table_id ' +
        'INTEGER REFERENCES tables_(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const connection = new Connection(db);
    const published: ChangeEvent[] = [];
    const feed = new ChangeFeed((error) => {
      throw error;
    });
    feed.subscribe((event) => published.push(event));
    const outcomes: boolean[] = [];
    const group = new CommitGroup(connection, feed, new Mutex(), ({ failed }) => outcomes.push(failed));
    const seat = (id: number, tableId: number) =>
      group.run((events) => {
        connection.run('INSERT INTO seats (id, table_id) VALUES (?, ?)', [id, tableId]);
        events.push({ collection: 'orders', operation: 'insert', id: String(id), before: null, after: null });
        return id;
      });
    try {
      connection.run('INSERT INTO tables_ (id) VALUES (1)', []);
      const results = await Promise.allSettled([seat(1, 1), seat(2, 99), seat(3, 1)]);
      expect(results.map((result) => (result.status === 'rejected' ? (result.reason as { code?: string }).code : 'answered'))).toEqual([
        'SQLITE_CONSTRAINT_FOREIGNKEY',
        'SQLITE_CONSTRAINT_FOREIGNKEY',
        'SQLITE_CONSTRAINT_FOREIGNKEY',
      ]);
      expect(outcomes).toEqual([true]);
      expect(published).toEqual([]);
      expect(db.prepare('SELECT count(*) FROM seats').pluck().get()).toBe(0);
      expect(db.inTransaction).toBe(false);
      // The next turn's batch commits as usual.
      expect(await Promise.all([seat(4, 1), seat(5, 1)])).toEqual([4, 5]);
      expect(outcomes).toEqual([true, false]);
      expect(published.map((event) => event.id)).toEqual(['4', '5']);
    } finally {
      db.close();
    }
  });
});
