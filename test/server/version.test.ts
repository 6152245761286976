// One version, said the same way everywhere: package.json (a semantic version), the lockfile, the
// changelog's newest entry, and the docs that tell an operator how to upgrade to a tag.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../../server/version.js';

const ROOT = path.join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

describe('the version', () => {
  it('is a semantic version past the 1.0.0 that development carried, and the server reports it', () => {
    expect(semver.valid(version)).toBe(version);
    expect(semver.gt(version, '1.0.0')).toBe(true);
    expect(SERVER_VERSION).toBe(version);
    const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version?: string }> };
    expect([lock.version, lock.packages['']?.version]).toStrictEqual([version, version]);
  });

  it("CHANGELOG.md's newest entry is this version, and every entry is a semantic version, newest first", () => {
    const entries = [...read('CHANGELOG.md').matchAll(/^## (\S+) \((.+)\)$/gm)].map((match) => match[1] ?? '');
    expect(entries[0]).toBe(version);
    expect(entries.every((entry) => semver.valid(entry) === entry)).toBe(true);
    expect([...entries].sort(semver.rcompare)).toStrictEqual(entries);
  });

  it('docs/production.md upgrades to a release tag and says who makes the tags', () => {
    const doc = read('docs/production.md');
    expect(doc).toContain('git fetch --tags && git checkout v1.2.0');
    expect(doc).toContain("The maintainers tag a release's commit (`v1.1.0`)");
    expect(doc).not.toContain('<release tag>');
  });
});
