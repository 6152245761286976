// On a Node older than 22.20 the server and the scripts stop at once with one line saying what to
// install, before better-sqlite3 loads (on Node 20 it loads, then crashes on open: a bare segfault).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from '../../server/supported-node.js';
import { nodeArgs, ROOT } from '../helpers/node-process.js';

// The machine's own node, where it is older than ours (CI machines run Node 20 beside the Node 24 of .ci/node24.sh).
const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
  if (!existsSync(file)) return false;
  const version = spawnSync(file, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return semver.valid(version) !== null && semver.lt(version, MINIMUM_NODE.join('.'));
});

/** Runs `entry` on the old Node (from the test build: tsx's output, the same for Node 20 as for 24); what it exited with and wrote to stderr. */
function runOldNode(
  entry: string,
  dataDir: string,
): Promise<{ entry: string; status: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(OLD_NODE!, nodeArgs(entry), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status, signal) => resolve({ entry, status, signal, stderr }));
  });
}

describe('the Node version check', () => {
  it('names what to install for versions below 22.20 and passes 22.20, 23 and 24', () => {
    expect(unsupportedNode('20.19.5')).toBe(
      'pos-server needs Node.js 24 LTS (22.20 or later also works); this is Node 20.19.5. Install Node 24 LTS (https://nodejs.org/en/download) and start again.',
    );
    expect(unsupportedNode('v22.19.9')).toContain('this is Node 22.19.9.');
    expect(unsupportedNode('18.0.0')).toContain('this is Node 18.0.0.');
    expect(unsupportedNode('22.20.0')).toBeUndefined();
    expect(unsupportedNode('23.1.0')).toBeUndefined();
    expect(unsupportedNode('24.12.0')).toBeUndefined();
  });

  it('agrees with the oldest Node package.json engines allows', () => {
    const { engines } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(semver.minVersion(engines.node)?.version).toBe(MINIMUM_NODE.join('.'));
  });

  it.runIf(OLD_NODE)(
    'the server and every script exit 1 with that line on an old Node, never a segfault',
    { timeout: 120_000 },
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'pos-old-node-'));
      try {
        const version = spawnSync(OLD_NODE!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
        const entries = ['server/main.ts', 'scripts/backup.ts', 'scripts/restore.ts', 'scripts/reset-admin.ts', 'scripts/demo-data.ts'];
        // All at once: each is a separate process that stops before touching the data directory.
        const runs = await Promise.all(entries.map((entry) => runOldNode(entry, path.join(scratch, 'data'))));
        for (const run of runs) {
          expect(run).toStrictEqual({
            entry: run.entry,
            status: 1,
            signal: null,
            stderr: `pos-server needs Node.js 24 LTS (22.20 or later also works); this is Node ${version}. Install Node 24 LTS (https://nodejs.org/en/download) and start again.\n`,
          });
        }
        expect(runs.map((run) => run.entry)).toStrictEqual(entries);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
