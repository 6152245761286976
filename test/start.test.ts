// `npm start` on an empty data directory: builds, serves the API, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The server's URL and pid, from its pino "listening" log line. */
function waitForListening(child: ReturnType<typeof spawn>): Promise<{ url: string; pid: number }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.includes('Server listening at http://127.0.0.1:'));
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line ?? '')?.[1];
      const pid = /"pid":(\d+)/.exec(line ?? '')?.[1];
      if (url && pid) resolve({ url, pid: Number(pid) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

describe('npm start', () => {
  it('serves the API on an empty data directory with no other configuration', { timeout: 120_000 }, async () => {
    // A directory that does not exist yet, as on a fresh machine: npm start creates it.
    const scratch = mkdtempSync(join(tmpdir(), 'pos-start-'));
    const dataDir = join(scratch, 'data');
    const child = spawn('npm', ['start'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir, LOG_LEVEL: 'info' }, detached: true });
    try {
      const { url, pid } = await waitForListening(child);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const dishes = await fetch(`${url}/dishes`);
      expect(await dishes.json()).toEqual({ results: [], total_results: 0 });
      expect((await fetch(`${url}/ready`)).status).toBe(200);
      expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['jwt-secret', 'pos.sqlite']));

      // SIGTERM to the server itself (as an orchestrator would): it drains and exits 0, and npm with it.
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      process.kill(pid, 'SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
