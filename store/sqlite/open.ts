// Opens the database file in the data directory: takes the directory's lock, then a writer
// connection (which also creates or upgrades the schema) and a reader connection, tuned for WAL.
// Failures name the directory or file for the operator.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { installColumns } from './columns.js';
import { Connection } from './connection.js';
import { lockDataDirectory } from './lock.js';
import { migrate, type Upgrade } from './migrations.js';
import { schemaStatements } from './schema.js';

export type Synchronous = 'NORMAL' | 'FULL';

export const DATABASE_FILE = 'pos.sqlite';

/** How long a connection waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The write-ahead log is copied into the database file (checkpointed, with an fsync) by the commit
 * that takes it past this many pages (16 MiB), not SQLite's default 1,000. The pages a rush writes
 * over and over (the newest order pages, the kept counts, the stock rows) are then copied once per
 * 4,000 pages instead of four times: 4-9% less CPU per order in paired runs (c=16, no screen), for
 * a WAL file of up to 16 MiB and a checkpoint of 10-20 ms every 1,500 orders or so instead of 2-10 ms
 * every 400.
 */
export const WAL_CHECKPOINT_PAGES = 4000;

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}

export function connect(file: string, synchronous: Synchronous): Database.Database {
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`the file system does not support write-ahead logging (journal_mode is ${String(mode)})`);
    // NORMAL in WAL mode survives a process crash; FULL also survives losing power.
    db.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    // Statement journals of the savepoints every write runs in stay off the disk.
    db.pragma('temp_store = MEMORY');
    db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The data holds password hashes, emails and allergy notes: only the server's user may read it. */
export const PRIVATE_DIRECTORY = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * Takes group and other permissions off a file or directory (an earlier release left 0755/0644);
 * the owner's stay as they are, so a read-only file stays read-only. Not ours to change: left.
 */
export function keepPrivate(file: string): void {
  try {
    const { mode } = fs.statSync(file);
    if ((mode & 0o077) !== 0) fs.chmodSync(file, mode & 0o700);
  } catch (error) {
    if (!['ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/**
 * Creates the missing levels one by one. Node's recursive mkdir loops for minutes under /proc
 * (mkdir there answers ENOENT, which it takes for a missing parent); this fails at once.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let level = dir; !fs.existsSync(level); level = path.dirname(level)) {
    missing.unshift(level);
    if (path.dirname(level) === level) break;
  }
  for (const level of missing) {
    try {
      fs.mkdirSync(level, { mode: PRIVATE_DIRECTORY });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** SQLite opens a file it cannot write read-only without a word, then fails every write. */
function assertWritable(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let writable = (mode & 0o222) !== 0;
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch {
    writable = false;
  }
  if (writable) return;
  const { uid, gid } = fs.statSync(file);
  const octal = (mode & 0o777).toString(8);
  // Root may write anything, but a file without write permission was made read-only on purpose.
  if ((mode & 0o222) === 0) throw new Error(`${file} is read-only (mode ${octal}): the server must be able to write it`);
  // Most often a restore or a copy made as root: the mode allows writing, only not for this user.
  const user = process.getuid?.() ?? -1;
  throw new Error(
    `${file} belongs to user ${uid} (group ${gid}, mode ${octal}) and this server runs as user ${user}, ` +
      `who cannot write it: give it to the server's user (e.g. chown pos: ${file})`,
  );
}

export interface Opened {
  writer: Connection;
  reader: Connection;
  release: () => void;
  upgrade: Upgrade | undefined;
}

export function openConnections(dataDir: string, synchronous: Synchronous, now: () => Date = () => new Date()): Opened {
  const dir = path.resolve(dataDir);
  let writer: Connection | undefined;
  let release: (() => void) | undefined;
  try {
    makeDirectory(dir);
    // Checked up front: SQLite would only say "unable to open database file".
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    keepPrivate(dir);
    release = lockDataDirectory(dir);
    const file = path.join(dir, DATABASE_FILE);
    assertWritable(file);
    // SQLite gives the log and shared-memory files the database file's mode: made 0600 here first.
    for (const suffix of ['', '-wal', '-shm']) keepPrivate(file + suffix);
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
    const created = new Connection(connect(file, synchronous), { remembers: true });
    writer = created;
    // One transaction: two processes starting together never see half a schema or half an upgrade.
    const upgrade = created.atomically(() => {
      const done = migrate(created, file, now);
      // Before the indexes: one the description adds on a field needs its column first.
      installColumns(created);
      schemaStatements().forEach((sql) => created.exec(sql));
      return done;
    });
    const reader = new Connection(connect(file, synchronous));
    // The reader must never write: every write goes through the writer's queue.
    reader.db.pragma('query_only = ON');
    return { writer: created, reader, release, upgrade };
  } catch (error) {
    writer?.close();
    release?.();
    throw new Error(`cannot open the data directory ${dir}: ${reason(error)}`, { cause: error });
  }
}
