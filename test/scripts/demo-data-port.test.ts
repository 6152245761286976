// `npm run demo-data` from a shell that does not know the running server's port (it was started on
// another one): the server names its address in pos.lock, so the script reaches it there instead of
// trying the default port and reporting a failure next to the lock.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { nodeArgs, ROOT } from '../helpers/node-process.js';
import { call, serverEnv, startServer } from '../server/faults/server-process.js';

describe('demo data and the port of the server that owns the data directory', () => {
  it('finds the server on its own port through pos.lock, with no PORT or --url given', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pos-demo-port-'));
    const server = await startServer(serverEnv(dataDir));
    try {
      // Written just after the "listening" line this helper waits for.
      await vi.waitFor(
        () =>
          expect(JSON.parse(readFileSync(path.join(dataDir, 'pos.lock'), 'utf8'))).toMatchObject({
            pid: server.child.pid,
            url: server.url,
          }),
        { timeout: 5000, interval: 20 },
      );
      const { PORT: _port, HOST: _host, ...withoutPort } = serverEnv(dataDir);
      const run = spawnSync(process.execPath, nodeArgs('scripts/demo-data.ts'), {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...withoutPort },
        encoding: 'utf8',
      });
      expect({ status: run.status, stderr: run.stderr, first: run.stdout.split('\n')[0] }).toStrictEqual({
        status: 0,
        stderr: '',
        first: `Demo data in the server at ${server.url} (process ${server.child.pid}): added 4 users, 24 ingredients, 14 dishes, 8 orders.`,
      });
      expect((await call<{ total_results: number }>(server.url, null, 'GET', '/dishes?fields=name')).body.total_results).toBe(14);
    } finally {
      server.kill();
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
