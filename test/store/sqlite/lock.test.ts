// One owner per data directory: pos.lock names the owning process; a dead owner's lock is taken
// over; a second store in the owning process is refused as well (group commit holds SQLite's write
// lock across a turn of the event loop, which a second store in the same thread would wait on forever).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const { open, freshDir } = storesPerTest('pos-lock-');

const lockOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'pos.lock'), 'utf8')) as { pid: number; host: string; started_at: string };

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data directory lock', () => {
  it('names this process while a store is open, and is gone once it closes', async () => {
    const { dataDir, store } = open();
    expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    await store.close();
    expect(fs.existsSync(path.join(dataDir, 'pos.lock'))).toBe(false);
  });

  it('refuses the directory while another live process holds it, naming that process, and leaves its lock alone', () => {
    const dataDir = freshDir();
    // The parent of this test runner: alive for as long as the test runs.
    const holder = { pid: process.ppid, host: os.hostname(), started_at: '2026-11-23T10:00:00.000Z' };
    fs.writeFileSync(path.join(dataDir, 'pos.lock'), JSON.stringify(holder));
    expect(() => open({ dataDir })).toThrow(
      `cannot open the data directory ${dataDir}: ${path.join(dataDir, 'pos.lock')} shows that process ` +
        `${process.ppid} on ${os.hostname()} (since 2026-11-23T10:00:00.000Z) already serves this data ` +
        `directory: stop it first (two servers on one directory drift apart); if no such server runs, delete ` +
        `the file`,
    );
    expect(lockOf(dataDir)).toStrictEqual(holder);
    expect(fs.existsSync(path.join(dataDir, 'pos.sqlite'))).toBe(false);
  });

  it.each([
    ['a process that has exited', () => JSON.stringify({ pid: deadPid(), host: os.hostname(), started_at: 'x' })],
    ['a half-written file', () => '{"pid":'],
  ])('takes over a lock left by %s', (_label, content) => {
    const dataDir = freshDir();
    fs.writeFileSync(path.join(dataDir, 'pos.lock'), content());
    open({ dataDir });
    expect(lockOf(dataDir).pid).toBe(process.pid);
  });

  it('refuses a second store in the same process while the first is open, and opens again once it closes', async () => {
    const dataDir = freshDir();
    const first = open({ dataDir }).store;
    const lock = path.join(dataDir, 'pos.lock');
    expect(() => open({ dataDir })).toThrow(
      `cannot open the data directory ${dataDir}: this process (${process.pid}) already has this data directory open (${lock}): one store per data directory`,
    );
    // The refusal left the first store's lock and store alone.
    expect(lockOf(dataDir).pid).toBe(process.pid);
    await first.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    await first.close();
    expect(fs.existsSync(lock)).toBe(false);
    const second = open({ dataDir }).store;
    expect(await second.collection('ingredients').find([])).toHaveLength(1);
  });

  it('is released when the store cannot open the file, so a fixed directory opens next time', () => {
    const dataDir = freshDir();
    fs.writeFileSync(path.join(dataDir, 'pos.sqlite'), 'not a database '.repeat(100));
    expect(() => open({ dataDir })).toThrow('file is not a database');
    expect(fs.existsSync(path.join(dataDir, 'pos.lock'))).toBe(false);
    fs.rmSync(path.join(dataDir, 'pos.sqlite'));
    open({ dataDir });
  });
});
