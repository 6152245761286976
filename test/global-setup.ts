// Once per run (and again before each re-run in watch mode): the TypeScript that tests spawn as
// child processes, transpiled into .test-build/ by esbuild with the options tsx's loader applies to
// each module, so the spawned code is what tsx would have run (test/helpers/node-process.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { FIXTURE_DIR_NAME, ROOT, SOURCE_DIRS, TEST_BUILD_DIR } from './helpers/node-process.js';

/** tsx's transform options (node_modules/tsx/dist, `Ne` and `transform`), the map written beside each file. */
const TSX_OPTIONS = {
  format: 'esm',
  target: `node${process.versions.node}`,
  sourcemap: 'linked',
  minifyWhitespace: true,
  keepNames: true,
  sourcesContent: false,
  tsconfig: path.join(ROOT, 'tsconfig.json'),
} as const;

const filesUnder = (dir: string, ending: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

/**
 * esbuild's printing of an import of a file (`from"./x.js"`, `import"./x.js"`, `import("./x.js")`);
 * a match that is not one (in a string) names no .ts file, or one that is built to no harm.
 */
const LOCAL_IMPORT = /\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/g;

/**
 * Transpiles every .ts file of SOURCE_DIRS and of test/'s fixtures/ directories, and what they
 * import from elsewhere (scripts/printer.ts imports the test printer from test/helpers), every
 * time. A file is replaced by rename (a process of another run reading it meanwhile sees the old
 * file or the new, never half of one), left alone if unchanged, and a file whose source is gone is
 * removed.
 */
export async function buildForTests(): Promise<void> {
  const inFixtures = (file: string) => path.dirname(file).split(path.sep).includes(FIXTURE_DIR_NAME);
  let next = [
    ...SOURCE_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir), '.ts')),
    ...filesUnder(path.join(ROOT, 'test'), '.ts').filter(inFixtures),
  ].filter((file) => !file.endsWith('.d.ts'));
  const sources = new Set(next);
  const outputs = new Map<string, Uint8Array>();
  while (next.length > 0) {
    const { outputFiles } = await build({
      ...TSX_OPTIONS,
      entryPoints: next,
      outdir: TEST_BUILD_DIR,
      outbase: ROOT,
      platform: 'node',
      bundle: false,
      write: false,
      logLevel: 'error',
    });
    next = [];
    for (const { path: file, contents, text } of outputFiles) {
      outputs.set(file, contents);
      if (!file.endsWith('.js')) continue;
      for (const [, specifier] of text.matchAll(LOCAL_IMPORT)) {
        const source = path.join(ROOT, path.relative(TEST_BUILD_DIR, path.resolve(path.dirname(file), specifier!))).replace(/\.js$/, '.ts');
        if (!sources.has(source) && existsSync(source)) {
          sources.add(source);
          next.push(source);
        }
      }
    }
  }
  for (const [file, contents] of outputs) {
    if (existsSync(file) && readFileSync(file).equals(contents)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  }
  // Only built files: a .partial may be another run's, about to be renamed.
  for (const file of [...filesUnder(TEST_BUILD_DIR, '.js'), ...filesUnder(TEST_BUILD_DIR, '.js.map')]) {
    if (!outputs.has(file)) rmSync(file, { force: true });
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // The projects (shared, isolated) extend the root config and run this too; the root runs it in
  // every run, whichever projects the chosen files belong to, and before any file starts.
  if (!project.isRootProject()) return;
  // Node keeps the bytecode of every module it compiles here (its compile cache, keyed by each file's
  // content), and every process started after this reads it: the workers (forked after this setup)
  // and the servers and scripts the tests spawn, each of which compiles fastify, socket.io and the
  // app again otherwise. A spawned server's start: 0.61–0.74 s of CPU without, 0.54 s with.
  process.env.NODE_COMPILE_CACHE ??= path.join(TEST_BUILD_DIR, '.compile-cache');
  await buildForTests();
  project.onTestsRerun(() => buildForTests());
}
