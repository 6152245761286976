// `npm run restore -- <backup file>`: puts a backup in place of the data directory's pos.sqlite.
// Only with the server stopped (the data directory's lock refuses otherwise, naming the server).
// The file replaced is kept beside it, with its write-ahead log, as pos.sqlite.before-restore-<time>.
import '../server/supported-node.js';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { loadConfig } from '../server/config.js';
import { registerFold } from '../store/sqlite/fold.js';
import { lockDataDirectory } from '../store/sqlite/lock.js';
import { SCHEMA_VERSION } from '../store/sqlite/migrations.js';
import { DATABASE_FILE } from '../store/sqlite/open.js';

/** A readable SQLite file that passes its integrity check and is no newer than this release. */
function checkBackup(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // The integrity check reads the user_name index, an expression over the store's own fold function.
  registerFold(db);
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} fails SQLite's integrity check: ${String(integrity)}`);
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version > SCHEMA_VERSION) throw new Error(`${file} holds data format ${version}, newer than this release reads (${SCHEMA_VERSION})`);
  } finally {
    db.close();
  }
}

/** Returns where the replaced file went (undefined when there was none). */
export function restore(dataDir: string, backupFile: string, now = new Date()): string | undefined {
  const dir = path.resolve(dataDir);
  checkBackup(backupFile);
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDirectory(dir);
  try {
    const target = path.join(dir, DATABASE_FILE);
    const aside = fs.existsSync(target) ? `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : undefined;
    // The log and index files belong to the file they sit beside: moved with it, never left for the backup.
    for (const suffix of ['', '-wal', '-shm']) {
      if (aside && fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
    }
    fs.copyFileSync(backupFile, `${target}.restoring`);
    fs.renameSync(`${target}.restoring`, target);
    return aside;
  } finally {
    release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  try {
    const config = loadConfig();
    if (!file) throw new Error('name the backup file: npm run restore -- <file>');
    const aside = restore(config.dataDir, path.resolve(file));
    process.stdout.write(`Restored ${file} into ${config.dataDir}${aside ? `; the data it replaced is in ${aside}` : ''}. Start the server.\n`);
  } catch (error) {
    process.stderr.write(`Cannot restore: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
