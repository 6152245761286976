// `npm run dev` stopped with SIGTERM (kill, a terminal closing, a supervisor): npm passes the signal
// to its script's shell, which must be tsx itself (exec), so tsx relays it to the server; the server
// shuts down cleanly and releases pos.lock, and nothing is left running.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run dev', () => {
  it('stops tsx and the server on SIGTERM to npm, releasing the data directory', { timeout: 60_000 }, async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'pos-dev-'));
    const dataDir = path.join(scratch, 'data');
    const npm = spawn('npm', ['run', 'dev'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let serverPid = 0;
    let tsxPid = 0;
    try {
      await vi.waitFor(() => expect(output).toContain('point-of-service server ready'), { timeout: 40_000, interval: 100 });
      serverPid = Number(/"pid":(\d+)[^\n]*point-of-service server ready/.exec(output)?.[1]);
      // The person who started it is told where to look, in a plain line of its own.
      await vi.waitFor(
        () => expect(output).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+ in a browser: the boards, the menu and the ordering app\.$/m),
        {
          timeout: 5_000,
        },
      );
      // The server's parent: tsx's watcher (read now, for the clean-up should the test fail).
      tsxPid = Number(readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      expect(existsSync(path.join(dataDir, 'pos.lock'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      await vi.waitFor(
        () =>
          expect({ tsx: isRunning(tsxPid), server: isRunning(serverPid), lock: existsSync(path.join(dataDir, 'pos.lock')) }).toStrictEqual({
            tsx: false,
            server: false,
            lock: false,
          }),
        { timeout: 15_000, interval: 100 },
      );
      expect(output).toContain('"signal":"SIGTERM","msg":"shutting down: draining requests and closing sockets"');
    } finally {
      for (const pid of [tsxPid, serverPid]) if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
