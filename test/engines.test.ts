// `npm install` warns EBADENGINE when a locked package does not support a Node version this
// package claims to run on (content-disposition@3 and cookie@2 once needed Node 22 while the
// README said 20.19). Every Node our `engines` allows must satisfy every locked package's engines;
// CI (.ci/run) and the Dockerfile run the newest line we name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const ours = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

describe('Node versions', () => {
  it('engines names Node 24 LTS (and 22), and the lockfile agrees', () => {
    expect(ours).toBe('^22.20.0 || ^24.12.0');
    expect(lock.packages['']?.engines).toStrictEqual({ node: ours });
  });

  it('every locked package supports every Node our engines allows (no EBADENGINE)', () => {
    const unsupported = Object.entries(lock.packages)
      .map(([at, locked]) => [at, Array.isArray(locked.engines) ? undefined : locked.engines?.node] as const)
      .filter(([at, node]) => at !== '' && node !== undefined && !semver.subset(ours, node))
      .map(([at, node]) => `${at} needs node ${node}`);
    expect(unsupported).toStrictEqual([]);
  });

  it('the Dockerfile and CI run Node 24', () => {
    expect(read('Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(read('.ci/run')).toMatch(/^\. \.ci\/node24\.sh$/m);
    expect(read('.ci/node24.sh')).toMatch(/^NODE_MAJOR=24$/m);
  });
});
