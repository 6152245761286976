// The repository stands on its own: every relative link in the README and docs/ names a file that
// is in it (no link to anything outside the repository, such as a spec kept elsewhere).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const documents = [
  'README.md',
  'examples/typed-client/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('links in the README and docs/', () => {
  it.each(documents)('%s links only to files in the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8').replace(/```[\s\S]*?```/g, '');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^(https?:|mailto:|#)/.test(target));
    const broken = targets.filter((target) => {
      const path = resolve(root, dirname(document), decodeURI(target.split('#')[0] ?? ''));
      return relative(root, path).startsWith('..') || !existsSync(path);
    });
    expect(broken).toStrictEqual([]);
  });
});
