// `npm ci` on a clean machine refuses a lockfile that leaves out a platform package one of its
// dependencies names as optional (rollup's and esbuild's native builds): CI failed that way once,
// when the registry could not serve some of rollup's builds. This catches it before CI does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (candidate in lock.packages) return true;
    if (dir === '') return false;
  }
}

describe('package-lock.json', () => {
  it('lists every optional dependency of every locked package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${at || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
