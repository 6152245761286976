// `npm run backup [-- <file>]`: a consistent copy of the embedded store's pos.sqlite, taken with
// SQLite's online backup while the server keeps serving (a plain file copy can miss writes still
// in the write-ahead log). Default: <POS_DATA_DIR>/backups/pos-<UTC time>.sqlite. Restore with
// `npm run restore -- <file>` (scripts/restore.ts).
import '../server/supported-node.js';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { loadConfig } from '../server/config.js';
import { DATABASE_FILE, keepPrivate, PRIVATE_DIRECTORY, PRIVATE_FILE } from '../store/sqlite/open.js';

export async function backup(dataDir: string, destination: string): Promise<{ file: string; pages: number }> {
  const source = path.join(path.resolve(dataDir), DATABASE_FILE);
  if (!fs.existsSync(source)) throw new Error(`no ${DATABASE_FILE} in ${path.resolve(dataDir)}: nothing to back up`);
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists: choose a new file name`);
  // Folders made here are 0700; one the operator named (a USB stick's) is theirs and left as it is.
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: PRIVATE_DIRECTORY });
  // Made 0600 before SQLite writes a page into it (the data it holds is the database's).
  fs.closeSync(fs.openSync(destination, 'wx', PRIVATE_FILE));
  const db = new Database(source, { fileMustExist: true });
  try {
    // Pages copied in steps; a write by the server in between makes SQLite restart the copy, so the
    // result is always one committed state.
    const progress = await db.backup(destination);
    return { file: destination, pages: progress.totalPages };
  } finally {
    db.close();
  }
}

export const defaultBackupFile = (dataDir: string, now = new Date()) =>
  path.join(path.resolve(dataDir), 'backups', `pos-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const config = loadConfig();
    if (config.mongodbUri)
      throw new Error(
        'MONGODB_URI is set: back up MongoDB with mongodump (docs/production.md); npm run backup copies the embedded store only',
      );
    const destination = path.resolve(process.argv[2] ?? defaultBackupFile(config.dataDir));
    // The data directory's own backups/ folder: an earlier release made it 0755.
    if (!process.argv[2]) keepPrivate(path.dirname(destination));
    const { file, pages } = await backup(config.dataDir, destination);
    process.stdout.write(`Backed up ${config.dataDir} to ${file} (${pages} pages). Keep a copy on another machine.\n`);
  } catch (error) {
    process.stderr.write(`Cannot back up: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
