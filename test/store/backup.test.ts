// `npm run backup` while the server serves, then `npm run restore` with it stopped: the backup holds
// every answered write (even those still only in the write-ahead log), a restore is refused while a
// server owns the directory, and afterwards the server serves the data as it was at the backup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backup, defaultBackupFile } from '../../scripts/backup.js';
import { restore } from '../../scripts/restore.js';
import { call, login, serverEnv, startServer, type ServerProcess } from '../server/faults/server-process.js';

let scratch: string;
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.kill();
    await server.exited;
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

const names = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(`SELECT doc ->> '$.name' FROM ingredients ORDER BY 1`).pluck().all();
  } finally {
    db.close();
  }
};

describe('backup and restore', () => {
  it(
    'backs up while serving, refuses to restore under a running server, and restores once it is stopped',
    { timeout: 60_000 },
    async () => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backup-'));
      const dataDir = path.join(scratch, 'data');
      const first = await startServer(serverEnv(dataDir));
      servers.push(first);
      const manager = await login(first.url, 'manager1');
      const add = (name: string) => call(first.url, manager, 'POST', '/ingredients', { name, in_stock_qty: 5, price: 1 });
      expect((await add('Flour')).status).toBe(201);
      expect((await add('Salt')).status).toBe(201);

      // Taken while the server runs and writes; the answered writes are all in it.
      const writes = Promise.all(['Yeast', 'Sugar', 'Butter'].map(add));
      const file = defaultBackupFile(dataDir, new Date('2026-11-23T15:00:00.123Z'));
      expect(file).toBe(path.join(dataDir, 'backups', 'pos-2026-11-23T15-00-00-123Z.sqlite'));
      const { pages } = await backup(dataDir, file);
      expect(pages).toBeGreaterThan(0);
      await writes;
      const backedUp = names(file);
      expect(backedUp).toEqual(expect.arrayContaining(['Flour', 'Salt']));
      await expect(backup(dataDir, file)).rejects.toThrow(`${file} already exists: choose a new file name`);

      expect((await add('Pepper')).status).toBe(201);
      expect(() => restore(dataDir, file)).toThrow(`shows that process ${first.child.pid} on ${os.hostname()}`);

      first.child.kill('SIGTERM');
      expect(await first.exited).toEqual({ code: 0, signal: null });
      const aside = restore(dataDir, file, new Date('2026-11-23T16:00:00.000Z'));
      expect(aside).toBe(path.join(dataDir, 'pos.sqlite.before-restore-2026-11-23T16-00-00-000Z'));
      expect(names(aside!)).toEqual(['Butter', 'Flour', 'Pepper', 'Salt', 'Sugar', 'Yeast']);

      const second = await startServer(serverEnv(dataDir));
      servers.push(second);
      const listed = await call<{ results: { name: string }[] }>(second.url, null, 'GET', '/ingredients?fields=name&sort=name');
      expect(listed.body.results.map((ingredient) => ingredient.name)).toEqual([...backedUp].sort());
      expect(listed.body.results.map((ingredient) => ingredient.name)).not.toContain('Pepper');
    },
  );

  it('refuses a file that is not a sound SQLite database, and leaves the data alone', () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-restore-'));
    const bogus = path.join(scratch, 'bogus.sqlite');
    fs.writeFileSync(bogus, 'not a database '.repeat(100));
    expect(() => restore(path.join(scratch, 'data'), bogus)).toThrow('file is not a database');
    expect(fs.existsSync(path.join(scratch, 'data'))).toBe(false);
  });
});
