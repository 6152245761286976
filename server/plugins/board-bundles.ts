// Each board page's script served as one module. A page's entry, /boards/js/<page>/main.js, is
// answered at its own address with esbuild's bundle of it and every module it imports from
// web/public/js, so a tablet makes one request for the page's code instead of 20 to 50 in a row;
// the absolute /boards/... imports (the vendor files, the allergens' codes, the catalogues, and
// lib/i18n.js's `import(url)` of one) stay their own requests. The address stays the one the pages
// name, so the HTML is served unchanged, and every other module keeps being served as it is, file
// by file (tests and tools import them on their own). A bundle's source map, whose sources are
// those files' own addresses, is served beside it (main.js.map), fetched only by a browser's tools.
//
// A page's bundle is built at the first request for it, once per process (tests build hundreds of
// apps in one), and built again when one of its files changed since: each request compares the
// files' modification times with those read at the build, so an edit shows at the next reload.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface BoardBundle {
  /** The page's code as one module, ending with its source map's address. */
  script: string;
  map: string;
  /** A strong ETag of the script (the map's is derived from it). */
  etag: string;
  /** Every file the bundle was built from, with its modification time as it was then. */
  inputs: ReadonlyMap<string, number>;
}

/** By the entry's file: shared by every app of the process, a build in progress included. */
const bundles = new Map<string, Promise<BoardBundle>>();
let builds = 0;

/** How many bundles this process has built: each page's once, and once again after each edit. */
export const bundlesBuilt = (): number => builds;

async function bundle(entry: string): Promise<BoardBundle> {
  builds += 1;
  const folder = dirname(entry);
  const result = await build({
    entryPoints: [entry],
    // Never written (write: false): naming the entry itself makes the map's sources relative to
    // the entry's address, which is where the browser finds each file.
    outfile: entry,
    absWorkingDir: folder,
    bundle: true,
    format: 'esm',
    // The language the boards are written in (web/tsconfig.json): nothing is rewritten.
    target: 'es2023',
    external: ['/boards/*'],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const output = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix))?.text ?? '';
  const script = output('.js');
  const inputs = new Map<string, number>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolve(folder, input);
    inputs.set(file, statSync(file).mtimeMs);
  }
  return { script, map: output('.js.map'), etag: `"${createHash('sha256').update(script).digest('base64url')}"`, inputs };
}

const unchanged = (bundle: BoardBundle) =>
  [...bundle.inputs].every(([file, mtime]) => statSync(file, { throwIfNoEntry: false })?.mtimeMs === mtime);

/**
 * The bundle of the page whose entry is `entry` (an absolute path), built if none is, or if a file
 * it was built from changed since. Requests that find it building wait for that build; a build
 * that fails (a syntax error in a board's file) fails them all, and the next request tries again.
 */
export async function boardBundle(entry: string): Promise<BoardBundle> {
  const cached = bundles.get(entry);
  if (cached) {
    const built = await cached;
    if (unchanged(built)) return built;
    // Another request saw the change first: share its build.
    if (bundles.get(entry) !== cached) return boardBundle(entry);
  }
  const building = bundle(entry);
  bundles.set(entry, building);
  void building.catch(() => bundles.get(entry) === building && bundles.delete(entry));
  return building;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

/** Answers with a text and its validators as the other assets are (a 304 to a board that has it). */
function send(request: FastifyRequest, reply: FastifyReply, body: string, type: string, etag: string) {
  reply.header('cache-control', 'public, max-age=0').header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/**
 * Serves, for each page entry in `entries` (paths under `publicDir`, e.g. `js/kds/main.js`), its
 * bundle at `/boards/<entry>` and the bundle's source map beside it. A failed build is thrown: the
 * error handler logs it (esbuild's message names the file and line) and answers a 500 Problem.
 */
export function serveBoardBundles(app: FastifyInstance, publicDir: string, entries: readonly string[]): void {
  const hide = { schema: { hide: true } };
  for (const entry of entries) {
    const file = resolve(publicDir, entry);
    app.get(`/boards/${entry}`, hide, async (request, reply) => {
      const { script, etag } = await boardBundle(file);
      return send(request, reply, script, 'text/javascript; charset=utf-8', etag);
    });
    app.get(`/boards/${entry}.map`, hide, async (request, reply) => {
      const { map, etag } = await boardBundle(file);
      return send(request, reply, map, 'application/json; charset=utf-8', etag.replace(/"$/, '.map"'));
    });
  }
}
