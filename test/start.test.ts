// `npm start` on an empty data directory: builds, serves the API, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function waitForListening(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

describe('npm start', () => {
  it('serves the API on an empty data directory with no other configuration', { timeout: 120_000 }, async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pos-start-')), 'data');
    const child = spawn('npm', ['start'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir, LOG_LEVEL: 'info' }, detached: true });
    try {
      const url = await waitForListening(child);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const dishes = await fetch(`${url}/dishes`);
      expect(await dishes.json()).toEqual({ results: [], total_results: 0 });
      expect((await fetch(`${url}/ready`)).status).toBe(200);
      expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['jwt-secret', 'pos.sqlite']));

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
