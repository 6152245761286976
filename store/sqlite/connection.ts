// A better-sqlite3 connection with its statements prepared once per SQL text, and the few ways the
// store runs SQL on it: documents out, a value out, a write, an atomic unit.
import type BetterSqlite3 from 'better-sqlite3';
import { registerFold } from './fold.js';
import { DocumentMemory } from './memory.js';
import type { Param } from './schema.js';

// Statement texts vary with the shape of queries only (values are bound), so this is plenty.
const MAX_STATEMENTS = 500;

export class Connection {
  private readonly statements = new Map<string, BetterSqlite3.Statement<Param[]>>();
  private readonly unit: BetterSqlite3.Transaction<(body: () => unknown) => unknown>;
  /** The writer's: documents kept in memory between writes (memory.ts); null on the reader. */
  readonly memory: DocumentMemory | null;
  /** SQLite's `data_version` when the memory was last checked: it moves when another connection commits. */
  private seenVersion: unknown = undefined;
  /** Told when the writer finds that another program committed to the file (see `checkOthersWrites`). */
  onOthersCommit: (() => void) | null = null;

  constructor(
    readonly db: BetterSqlite3.Database,
    { remembers = false }: { remembers?: boolean } = {},
  ) {
    this.memory = remembers ? new DocumentMemory() : null;
    registerFold(db);
    this.unit = db.transaction((body: () => unknown) => body());
  }

  /** The first column of every row (the JSON text of documents). */
  texts(sql: string, params: Param[]): string[] {
    return this.prepare(sql)
      .pluck()
      .all(...params) as string[];
  }

  /** Each row's JSON document, parsed once. */
  docs<T>(sql: string, params: Param[]): T[] {
    return this.texts(sql, params).map((text) => JSON.parse(text) as T);
  }

  /** The first two columns of every row (an id and its document's JSON text). */
  pairs(sql: string, params: Param[]): [string, string][] {
    return this.prepare(sql)
      .raw()
      .all(...params) as [string, string][];
  }

  /** The first column of the first row (undefined without rows). */
  value(sql: string, params: Param[]): unknown {
    return this.prepare(sql)
      .pluck()
      .get(...params);
  }

  /** Runs a write; returns the number of rows it changed. */
  run(sql: string, params: Param[]): number {
    return this.prepare(sql).run(...params).changes;
  }

  /**
   * Runs `body` as one unit: its own BEGIN IMMEDIATE … COMMIT, or a savepoint inside an open
   * transaction, so a failing operation never leaves half its writes behind.
   */
  atomically<R>(body: () => R): R {
    const outermost = !this.db.inTransaction;
    try {
      return this.unit.immediate(() => {
        if (outermost) this.checkOthersWrites();
        return body();
      }) as R;
    } catch (error) {
      // Rolled back: whatever the body wrote is undone, so nothing remembered can be trusted.
      this.memory?.clear();
      throw error;
    }
  }

  /** BEGIN IMMEDIATE: from here until the transaction ends, no other connection commits. */
  begin(): void {
    this.exec('BEGIN IMMEDIATE');
    this.checkOthersWrites();
  }

  /**
   * The writer's check for another program's commits to the file since the last check (a repair
   * made with the sqlite3 shell while the server runs): when there were, the documents kept in
   * memory are forgotten (they may no longer be the rows) and `onOthersCommit` is told. The first
   * check only notes where the file stands. Inside a write transaction nothing else can commit.
   */
  checkOthersWrites(): void {
    if (!this.memory) return;
    const version = this.value('PRAGMA data_version', []);
    const changed = this.seenVersion !== undefined && version !== this.seenVersion;
    this.seenVersion = version;
    if (!changed) return;
    this.memory.clear();
    this.onOthersCommit?.();
  }

  /** Undoes everything since `SAVEPOINT name` (and forgets the documents kept in memory). */
  rollbackTo(name: string): void {
    this.memory?.clear();
    this.exec(`ROLLBACK TO ${name}`);
  }

  /** Runs several reads on one snapshot (a deferred read transaction unless one is open). */
  snapshot<R>(body: () => R): R {
    return this.db.inTransaction ? body() : (this.unit.deferred(body) as R);
  }

  /** Rolls back whatever is open, quietly: the error that led here says more than a failed ROLLBACK would. */
  abandon(): void {
    this.memory?.clear();
    if (!this.db.inTransaction) return;
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // Nothing better to do: the caller reports the original error.
    }
  }

  exec(sql: string): void {
    this.prepare(sql).run();
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }

  private prepare(sql: string): BetterSqlite3.Statement<Param[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<Param[]>(sql);
      if (this.statements.size >= MAX_STATEMENTS) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
