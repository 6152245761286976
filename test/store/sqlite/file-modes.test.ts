// The data directory holds password hashes, emails and allergy notes: the store keeps it 0700 and
// the database, its write-ahead log and shared-memory file 0600, whatever the process's umask, and
// tightens a directory or files left readable by an earlier release. Backups are 0600 in a 0700 folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backup } from '../../../scripts/backup.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';

let scratch: string;
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

async function writeOnce(dataDir: string) {
  const store = openSqliteStore({ dataDir });
  await store.collection('ingredients').insert({ name: 'Rice', in_stock_qty: 1, price: 1 });
  const dir = path.resolve(dataDir);
  const modes = Object.fromEntries(
    ['.', 'pos.sqlite', 'pos.sqlite-wal', 'pos.sqlite-shm', 'pos.lock'].map((name) => [name, mode(path.join(dir, name))]),
  );
  await store.close();
  return modes;
}

describe('file modes of the embedded store', () => {
  it('a new data directory is 0700, the database, its log, shared memory and lock 0600 (umask 022)', async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-modes-'));
    const previous = process.umask(0o022);
    try {
      expect(await writeOnce(path.join(scratch, 'data'))).toStrictEqual({
        '.': '700',
        'pos.sqlite': '600',
        'pos.sqlite-wal': '600',
        'pos.sqlite-shm': '600',
        'pos.lock': '600',
      });
    } finally {
      process.umask(previous);
    }
  });

  it("an earlier release's 0755 directory and 0644 files are tightened when the store opens", async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-modes-'));
    const dataDir = path.join(scratch, 'data');
    const previous = process.umask(0o022);
    try {
      await writeOnce(dataDir);
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'pos.sqlite'), 0o644);
      expect(await writeOnce(dataDir)).toStrictEqual({
        '.': '700',
        'pos.sqlite': '600',
        'pos.sqlite-wal': '600',
        'pos.sqlite-shm': '600',
        'pos.lock': '600',
      });
    } finally {
      process.umask(previous);
    }
  });

  it('npm run backup writes a 0600 file into a 0700 backups folder', async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-modes-'));
    const dataDir = path.join(scratch, 'data');
    const previous = process.umask(0o022);
    try {
      await writeOnce(dataDir);
      const file = path.join(dataDir, 'backups', 'pos-test.sqlite');
      await backup(dataDir, file);
      expect([mode(path.dirname(file)), mode(file)]).toStrictEqual(['700', '600']);
    } finally {
      process.umask(previous);
    }
  });
});
