// Summarizes a perf profile of a server under load (the text `perf script` prints) as CPU per
// operation: on each thread, and on the main thread split into the time inside better-sqlite3's
// native code (SQLite, its binding, and the kernel's work under them: the storage floor's part)
// and the rest, the rest by the innermost JavaScript source file of each sample. Put beside the
// same summary of the contract's minimum, it shows which side of SQLite a difference is on. How to
// record a profile with JavaScript names (jitdump): docs/benchmarks.md, "Profiling with perf".
// Usage: npx tsx bench/tools/perf-split.ts <perf-script.txt> <operations> [sampling Hz, 1999] [rows, 25]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { round } from '../lib/stats.js';

export interface PerfSplit {
  /** µs per operation, by thread name (the main thread's idle time excluded). */
  threads: Record<string, number>;
  /** The main thread's µs per operation inside better-sqlite3's native code. */
  sqlite: number;
  /** The rest of the main thread, by innermost JavaScript file ('garbage collection' and native code without one apart). */
  rest: [string, number][];
}

const MAIN_THREADS = new Set(['MainThread', 'node']);
const JS_FRAME = /JS:[~^+*]?'?\S*\s+(?:file:\/\/)?(\S+?):\d+:\d+/;
const GC_FRAME = /Scaveng|MarkCompact|IncrementalMarking|MinorMS|Heap::/;
/** Frames whose code is better-sqlite3's compiled addon: a `.node` file under its package. */
const SQLITE_FRAME = /\((?:[^()]*\/)?(?:better-sqlite3\/[^()]*|better_sqlite3)\.node\)$/;
/** The project's own folders, where a path inside the repository (or a build of it) starts. */
const OWN_FILE = /(?:^|\/)((?:server|store|domain|realtime|models|query|bench|web)\/[^/]+(?:\/[^/]+)*)$/;
const BENCH_BUILD = '/bench/.work/build/';
/** What `classify` says of a sample inside SQLite (a file could be named anything). */
const INSIDE_SQLITE = Symbol('inside SQLite');
/** µs are shown to a tenth. */
const tenths = (us: number) => round(us, 1);
/** A GC frame this deep in a sample or less makes the sample the collector's. */
const GC_DEPTH = 14;

/** A JavaScript frame's file, as short as it stays clear: its package, node's module, or the path from the project's folder. */
export function sourceOf(file: string): string {
  const packaged = file.lastIndexOf('node_modules/');
  if (packaged >= 0) {
    const [scope = '', name = ''] = file.slice(packaged + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (file.startsWith('node:')) return file;
  // The benchmark's own build of the server (bench/lib/build.ts) names files from its root.
  const built = file.indexOf(BENCH_BUILD);
  if (built >= 0) return file.slice(built + BENCH_BUILD.length);
  return OWN_FILE.exec(file)?.[1] ?? file;
}

function classify(frames: string[]): string | typeof INSIDE_SQLITE {
  if (frames.some((frame) => SQLITE_FRAME.test(frame))) return INSIDE_SQLITE;
  if (frames.slice(0, GC_DEPTH).some((frame) => GC_FRAME.test(frame))) return 'garbage collection';
  for (const frame of frames) {
    const js = JS_FRAME.exec(frame);
    if (js?.[1]) return sourceOf(js[1]);
  }
  return '(native code, no JavaScript frame)';
}

export function splitProfile(text: string, { operations, hz }: { operations: number; hz: number }): PerfSplit {
  const usPerSample = 1e6 / hz / operations;
  const threads = new Map<string, number>();
  const rest = new Map<string, number>();
  let sqlite = 0;
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + usPerSample);
  // A sample is a header line (thread name first), then one indented line per frame, leaf first.
  for (const sample of text.split(/\n\s*\n/)) {
    const [header, ...lines] = sample.split('\n').filter((line) => line.trim() !== '');
    if (!header || /^\s/.test(header)) continue;
    const thread = header.trim().split(/\s+/)[0] ?? '?';
    const frames = lines.map((line) => line.trim());
    if (!MAIN_THREADS.has(thread)) {
      count(threads, thread);
      continue;
    }
    if (frames[0]?.includes('epoll_wait')) continue;
    count(threads, 'main');
    const where = classify(frames);
    if (where === INSIDE_SQLITE) sqlite += usPerSample;
    else count(rest, where);
  }
  return {
    threads: Object.fromEntries([...threads].map(([name, us]) => [name, tenths(us)])),
    sqlite: tenths(sqlite),
    rest: [...rest].sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, tenths(us)]),
  };
}

export function formatSplit(split: PerfSplit, rows = 25): string {
  const main = split.threads.main ?? 0;
  const line = (us: number, name: string) => `${us.toFixed(1).padStart(8)} µs  ${name}`;
  return [
    'per operation, by thread:',
    ...Object.entries(split.threads).map(([name, us]) => line(us, name)),
    '',
    'main thread:',
    line(split.sqlite, 'inside better-sqlite3 (SQLite, its binding, the kernel under them)'),
    line(tenths(main - split.sqlite), 'everything else, by innermost source:'),
    ...split.rest.slice(0, rows).map(([name, us]) => line(us, `  ${name}`)),
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const [file, operations, hz, rows] = process.argv.slice(2);
  if (!file || !operations) throw new Error('usage: tsx bench/tools/perf-split.ts <perf-script.txt> <operations> [sampling Hz] [rows]');
  const split = splitProfile(readFileSync(file, 'utf8'), { operations: Number(operations), hz: Number(hz ?? 1999) });
  process.stdout.write(formatSplit(split, Number(rows ?? 25)));
}
