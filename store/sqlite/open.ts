// Opens the database file in the data directory: a writer connection (which also creates the
// schema) and a reader connection, tuned for WAL. Failures name the directory for the operator.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Connection } from './connection.js';
import { schemaStatements } from './schema.js';

export type Synchronous = 'NORMAL' | 'FULL';

export const DATABASE_FILE = 'pos.sqlite';

/** How long a connection waits for another process's write lock before giving up. */
const BUSY_TIMEOUT_MS = 5000;

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}

function connect(file: string, synchronous: Synchronous): Database.Database {
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`the file system does not support write-ahead logging (journal_mode is ${String(mode)})`);
    // NORMAL in WAL mode survives a process crash; FULL also survives losing power.
    db.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function openConnections(dataDir: string, synchronous: Synchronous): { writer: Connection; reader: Connection } {
  const dir = path.resolve(dataDir);
  let writer: Connection | undefined;
  try {
    fs.mkdirSync(dir, { recursive: true });
    // Checked up front: SQLite would only say "unable to open database file".
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    const file = path.join(dir, DATABASE_FILE);
    const created = new Connection(connect(file, synchronous));
    writer = created;
    // One transaction: two processes starting together never see half a schema.
    created.atomically(() => schemaStatements().forEach((sql) => created.exec(sql)));
    const reader = new Connection(connect(file, synchronous));
    // The reader must never write: every write goes through the writer's queue.
    reader.db.pragma('query_only = ON');
    return { writer: created, reader };
  } catch (error) {
    writer?.close();
    throw new Error(`cannot open the data directory ${dir}: ${reason(error)}`, { cause: error });
  }
}
