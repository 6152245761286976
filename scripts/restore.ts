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
import { DATABASE_FILE, PRIVATE_FILE } from '../store/sqlite/open.js';

/** A readable SQLite file that passes its integrity check and is no newer than this release. */
function checkBackup(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // The integrity check reads the user_name index, an expression over the store's own fold function.
  registerFold(db);
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} fails SQLite's integrity check: ${String(integrity)}`);
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version > SCHEMA_VERSION)
      throw new Error(`${file} holds data format ${version}, newer than this release reads (${SCHEMA_VERSION})`);
  } finally {
    db.close();
  }
}

/**
 * The directory the configured server uses. POS_DATA_DIR unset means ./data, as for the server; but
 * a ./data without a database is almost always a shell that did not load the server's settings
 * (/etc/pos/pos.env): refused rather than restored where no server will look.
 */
export function restoreTarget(env: Record<string, string | undefined>, dataDir: string): string {
  const dir = path.resolve(dataDir);
  if (!env.POS_DATA_DIR && !fs.existsSync(path.join(dir, DATABASE_FILE))) {
    throw new Error(
      `POS_DATA_DIR is not set and ${dir} holds no ${DATABASE_FILE}, so this is not where your server keeps its data: ` +
        "load the server's settings first (sudo -u pos sh -c 'set -a; . /etc/pos/pos.env; exec npm run restore -- <file>') or set POS_DATA_DIR",
    );
  }
  return dir;
}

/** Returns where the replaced file went (undefined when there was none). */
export function restore(dataDir: string, backupFile: string, now = new Date()): string | undefined {
  const dir = path.resolve(dataDir);
  checkBackup(backupFile);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = lockDataDirectory(dir);
  try {
    const target = path.join(dir, DATABASE_FILE);
    const aside = fs.existsSync(target) ? `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : undefined;
    // The log and index files belong to the file they sit beside: moved with it, never left for the backup.
    for (const suffix of ['', '-wal', '-shm']) {
      if (aside && fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
    }
    fs.copyFileSync(backupFile, `${target}.restoring`);
    fs.chmodSync(`${target}.restoring`, PRIVATE_FILE);
    // Run as root (sudo), the copy would be root's and the server's user could not write it.
    const owner = fs.statSync(dir);
    if (process.getuid?.() === 0) fs.chownSync(`${target}.restoring`, owner.uid, owner.gid);
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
    const dir = restoreTarget(process.env, config.dataDir);
    const aside = restore(dir, path.resolve(file));
    process.stdout.write(`Restored ${file} into ${dir}${aside ? `; the data it replaced is in ${aside}` : ''}. Start the server.\n`);
  } catch (error) {
    process.stderr.write(`Cannot restore: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
