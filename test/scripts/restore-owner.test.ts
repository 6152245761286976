// `npm run restore` as an operator runs it: with sudo (the restored file goes to the data
// directory's owner, mode 0600, so the service user can write it), from a shell that did not load
// pos.env (refused instead of restoring into ./data), and a server meeting a file it cannot write
// says whose it is rather than calling it read-only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { backup } from '../../scripts/backup.js';
import { restore, restoreTarget } from '../../scripts/restore.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import { compiled, ROOT } from '../helpers/node-process.js';

const SERVICE_USER = 65534; // nobody: any user but root
const asRoot = process.getuid?.() === 0;
let scratch: string;
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function aBackup(dataDir: string): Promise<string> {
  const store = openSqliteStore({ dataDir });
  await store.collection('ingredients').insert({ name: 'Rice', in_stock_qty: 1, price: 1 });
  await store.close();
  const file = path.join(scratch, 'pos-backup.sqlite');
  await backup(dataDir, file);
  return file;
}

describe('npm run restore', () => {
  it.runIf(asRoot)("run as root, leaves the restored database to the data directory's owner, mode 0600", async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-restore-owner-'));
    const dataDir = path.join(scratch, 'data');
    const file = await aBackup(dataDir);
    fs.chownSync(dataDir, SERVICE_USER, SERVICE_USER);
    restore(dataDir, file, new Date('2026-11-26T12:00:00.000Z'));
    const restored = fs.statSync(path.join(dataDir, 'pos.sqlite'));
    expect({ uid: restored.uid, gid: restored.gid, mode: (restored.mode & 0o777).toString(8) }).toStrictEqual({
      uid: SERVICE_USER,
      gid: SERVICE_USER,
      mode: '600',
    });
  });

  it('refuses to restore into ./data when POS_DATA_DIR is unset and ./data holds no database (pos.env not loaded)', () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-restore-target-'));
    const fallback = path.join(scratch, 'data');
    expect(() => restoreTarget({}, fallback)).toThrow(
      `POS_DATA_DIR is not set and ${fallback} holds no pos.sqlite, so this is not where your server keeps ` +
        `its data: load the server's settings first (sudo -u pos sh -c 'set -a; . /etc/pos/pos.env; exec npm ` +
        `run restore -- <file>') or set POS_DATA_DIR`,
    );
    expect(restoreTarget({ POS_DATA_DIR: fallback }, fallback)).toBe(fallback);
    fs.mkdirSync(fallback);
    fs.writeFileSync(path.join(fallback, 'pos.sqlite'), '');
    expect(restoreTarget({}, fallback)).toBe(fallback);
  });

  it.runIf(asRoot)("a server that cannot write a root-owned 0644 database names its owner, not 'read-only'", async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-restore-owner-'));
    fs.chmodSync(scratch, 0o755);
    const dataDir = path.join(scratch, 'data');
    await aBackup(dataDir);
    fs.chmodSync(path.join(dataDir, 'pos.sqlite'), 0o644);
    fs.chownSync(dataDir, SERVICE_USER, SERVICE_USER);
    // The server's code is loaded first, as root, then the process becomes the service user: started
    // as that user, node could not even read its own binary in a checkout under a directory other
    // users cannot enter (a clone in root's home, mode 0700).
    const opened = spawnSync(
      process.execPath,
      [
        '-e',
        `import(${JSON.stringify(pathToFileURL(compiled('store/sqlite/index.ts')).href)}).then((m) => {
          process.setgid(${SERVICE_USER});
          process.setuid(${SERVICE_USER});
          return m.openSqliteStore({ dataDir: ${JSON.stringify(dataDir)} });
        })`,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: scratch }, encoding: 'utf8' },
    );
    // Not null: a child that never ran (the binary or the code unreadable to the service user) says why here.
    expect(opened.status, `${opened.error ?? ''}${opened.stderr}`).toBe(1);
    const file = path.join(dataDir, 'pos.sqlite');
    expect(opened.stderr).toContain(
      `cannot open the data directory ${dataDir}: ${file} belongs to user 0 (group 0, mode 644) and this ` +
        `server runs as user ${SERVICE_USER}, who cannot write it: give it to the server's user (e.g. chown ` +
        `pos: ${file})`,
    );
  });
});
