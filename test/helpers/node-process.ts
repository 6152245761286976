// How a test starts the server, a script or a fixture script as a child process: plain node on its
// JavaScript in .test-build/, transpiled from the TypeScript once per run (test/global-setup.ts)
// with the settings tsx applies, instead of `node --import tsx`, whose loader compiles about 300
// modules again in every process (test/README.md has the figures).
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** At the top of the repository like dist/, so paths found from import.meta.url (web/public, package.json) resolve the same. */
export const TEST_BUILD_DIR = path.join(ROOT, '.test-build');
/**
 * The directories transpiled, with whatever their files import from elsewhere: the server's and the
 * scripts', and every fixtures/ directory of test/, where a fixture script a test spawns lives.
 */
export const SOURCE_DIRS = ['server', 'models', 'store', 'query', 'domain', 'realtime', 'scripts'];
export const FIXTURE_DIR_NAME = 'fixtures';

/** The built JavaScript of `entry`, a .ts file given from the repository root or as an absolute path. */
export function compiled(entry: string): string {
  const relative = path.relative(ROOT, path.resolve(ROOT, entry));
  const file = path.join(TEST_BUILD_DIR, relative.replace(/\.ts$/, '.js'));
  if (!existsSync(file)) throw new Error(`${relative} is not in ${TEST_BUILD_DIR}: test/global-setup.ts builds it when vitest starts`);
  return file;
}

/**
 * The node arguments that run `entry` with `args`. Source maps on, as tsx turns them on (and `npm
 * start` does): a stack trace names the TypeScript lines.
 */
export function nodeArgs(entry: string, ...args: string[]): string[] {
  return ['--enable-source-maps', compiled(entry), ...args];
}
