// `npm start` on an empty data directory: runs the build made at install time (`npm ci` runs
// `prepare`; here it is made again so the test runs today's code), serves the API, and stops cleanly
// on SIGTERM, whether sent to the server or to npm itself (never leaving node orphaned).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** The server's URL and pid, from its pino "listening" log line, and what it wrote until then. */
function waitForListening(child: ReturnType<typeof spawn>): Promise<{ url: string; pid: number; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.includes('Server listening at http://127.0.0.1:'));
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line ?? '')?.[1];
      const pid = /"pid":(\d+)/.exec(line ?? '')?.[1];
      if (url && pid) resolve({ url, pid: Number(pid), output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function startNpm(dataDir: string) {
  return spawn('npm', ['start'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    detached: true,
  });
}

describe('npm start', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  }, 180_000);

  it('has no build step of its own: it runs dist/ (built by `prepare` at install) through exec, so signals reach node', async () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.prestart).toBeUndefined();
    expect(scripts.start).toBe('exec node --enable-source-maps --max-semi-space-size=16 dist/server/main.js');
    expect(scripts.prepare).toBe('if [ -d node_modules/typescript ]; then npm run build; fi');
  });

  it('stops node when npm itself gets SIGTERM (as `kill` or a service manager sends it)', { timeout: 60_000 }, async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'pos-start-'));
    const child = startNpm(join(scratch, 'data'));
    try {
      const { url, pid } = await waitForListening(child);
      expect(pid).not.toBe(child.pid);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      process.kill(child.pid!, 'SIGTERM');
      await exited;
      // node drains and exits by itself; nothing is left listening on the port.
      for (let waited = 0; isRunning(pid) && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(isRunning(pid)).toBe(false);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('serves the API on an empty data directory with no other configuration', { timeout: 120_000 }, async () => {
    // A directory that does not exist yet, as on a fresh machine: npm start creates it.
    const scratch = mkdtempSync(join(tmpdir(), 'pos-start-'));
    const dataDir = join(scratch, 'data');
    const child = startNpm(dataDir);
    try {
      const { url, pid, output } = await waitForListening(child);
      // Start-up's garbage is collected, and its memory given back, before the server listens.
      const lines = output.split('\n').filter((line) => line.startsWith('{'));
      const released = lines.findIndex((line) => line.includes('start-up garbage collected and its memory given back before listening'));
      const listening = lines.findIndex((line) => line.includes('Server listening at'));
      expect(released).toBeGreaterThanOrEqual(0);
      expect(released).toBeLessThan(listening);
      const { rssMB, afterMB, ms } = JSON.parse(lines[released] ?? '') as { rssMB: number; afterMB: number; ms: number };
      expect([rssMB, afterMB, ms].every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        version: (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version,
      });
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
