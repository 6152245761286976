// A server killed while its parent does not reap it lingers as a zombie: its pid still answers
// `kill 0`, but it holds nothing. Its pos.lock is taken over like a dead process's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../../../store/sqlite/index.js';

let scratch: string;
let parent: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  parent?.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A child that has exited under a parent that never reaps it (sh exec'd into sleep). */
async function zombiePid(): Promise<number> {
  parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent!.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await vi.waitFor(() => expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z'), {
    timeout: 5000,
    interval: 20,
  });
  process.kill(pid, 0); // still "alive" to kill 0: what fooled the lock
  return pid;
}

describe('a zombie holding pos.lock', () => {
  it.runIf(process.platform === 'linux')('does not block the next start: its lock is taken over', async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-zombie-'));
    const pid = await zombiePid();
    fs.writeFileSync(path.join(scratch, 'pos.lock'), JSON.stringify({ pid, host: os.hostname(), started_at: '2026-11-26T12:00:00.000Z' }));
    const store = openSqliteStore({ dataDir: scratch });
    try {
      expect(JSON.parse(fs.readFileSync(path.join(scratch, 'pos.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await store.close();
    }
  });
});
