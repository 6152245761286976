// The perf profile summary the order path's comparisons rest on: each sample counted once, on its
// thread, on the right side of SQLite, under the innermost JavaScript file.
import { describe, expect, it } from 'vitest';
import { formatSplit, sourceOf, splitProfile } from '../../bench/tools/perf-split.js';

const SQLITE = '(/srv/pos/node_modules/better-sqlite3/build/Release/better_sqlite3.node)';
const NODE = '(/usr/bin/node)';
const JIT = '(/tmp/jitted-7-1.so)';

/** `perf script` text: one sample per entry, a header then its frames, leaf first. */
const script = (samples: [thread: string, frames: string[]][]) =>
  samples
    .map(([thread, frames]) =>
      [`${thread} 4242 [001] 100.000: 500500 cpu-clock:ppp:`, ...frames.map((frame) => `\t    7f00 ${frame}`)].join('\n'),
    )
    .join('\n\n') + '\n';

const profile = script([
  // Inside SQLite, called from the store: SQLite's side, whatever JavaScript is above it.
  [
    'MainThread',
    [
      `sqlite3VdbeExec+0x10 ${SQLITE}`,
      `sqlite3_step+0x2 ${SQLITE}`,
      `JS:*'run file:///srv/pos/dist/store/sqlite/connection.js:38:8+0x20 ${JIT}`,
    ],
  ],
  // The kernel writing the WAL under a COMMIT is SQLite's side too.
  [
    'MainThread',
    [
      `ext4_file_write_iter+0x5 ([kernel.kallsyms])`,
      `__libc_pwrite+0x1 (/usr/lib/libc.so.6)`,
      `unixWrite+0x9 ${SQLITE}`,
      `JS:*'commit file:///srv/pos/dist/store/sqlite/commit-group.js:42:56+0x1 ${JIT}`,
    ],
  ],
  // JavaScript: the innermost file, below any built-in it called.
  [
    'MainThread',
    [
      `Builtins_KeyedStoreIC_Megamorphic+0x3 ${NODE}`,
      `JS:*'copyProperties file:///srv/pos/dist/store/sqlite/images.js:48:24+0x9 ${JIT}`,
      `JS:*'saved file:///srv/pos/dist/store/sqlite/collection.js:200:10+0x1 ${JIT}`,
    ],
  ],
  ['MainThread', [`JS:*'copyProperties file:///srv/pos/dist/store/sqlite/images.js:48:24+0x9 ${JIT}`]],
  ['MainThread', [`JS:~send /srv/pos/node_modules/fastify/lib/reply.js:129:40+0x2 ${JIT}`]],
  ['MainThread', [`JS:~parse /srv/pos/node_modules/@fastify/ajv-compiler/index.js:1:1+0x2 ${JIT}`]],
  ['MainThread', [`JS:*'processTicksAndRejections node:internal/process/task_queues:72:35+0x6 ${JIT}`]],
  // A collection on the main thread, wherever it was triggered.
  [
    'MainThread',
    [`v8::internal::Scavenger::ScavengeObject+0x1 ${NODE}`, `JS:*'saved file:///srv/pos/dist/store/sqlite/collection.js:200:10+0x1 ${JIT}`],
  ],
  // No JavaScript frame: the HTTP parser called from libuv.
  ['MainThread', [`llhttp__internal_execute+0x4 ${NODE}`, `uv__read+0x1 ${NODE}`]],
  // Idle: waiting for events is not CPU spent on an order.
  ['MainThread', [`epoll_wait+0x1 (/usr/lib/libc.so.6)`, `uv__io_poll+0x1 ${NODE}`]],
  // Other threads are counted by name only.
  ['V8Worker', [`v8::internal::ConcurrentMarking::RunMajor+0x1 ${NODE}`]],
  ['V8Worker', [`v8::internal::OptimizingCompileTaskExecutor::CompileTask::Run+0x1 ${NODE}`]],
  ['libuv-worker', [`uv__fs_work+0x1 ${NODE}`]],
]);

describe('the perf profile summary', () => {
  it('counts each sample once: on its thread, inside SQLite or under its innermost JavaScript file', () => {
    // 2 operations at 100 Hz: each sample is 10 ms of one second, 5,000 µs per operation.
    const split = splitProfile(profile, { operations: 2, hz: 100 });
    expect(split.threads).toEqual({ main: 45_000, V8Worker: 10_000, 'libuv-worker': 5_000 });
    expect(split.sqlite).toBe(10_000);
    expect(split.rest).toEqual([
      ['store/sqlite/images.js', 10_000],
      ['fastify', 5_000],
      ['@fastify/ajv-compiler', 5_000],
      ['node:internal/process/task_queues', 5_000],
      ['garbage collection', 5_000],
      ['(native code, no JavaScript frame)', 5_000],
    ]);
  });

  it('names a file by its package, node module or path from the project folder', () => {
    expect(sourceOf('/srv/pos/node_modules/pino/lib/tools.js')).toBe('pino');
    expect(sourceOf('/srv/pos/node_modules/@fastify/websocket/index.js')).toBe('@fastify/websocket');
    expect(sourceOf('node:_http_outgoing')).toBe('node:_http_outgoing');
    expect(sourceOf('/tmp/builds/a/domain/orders.js')).toBe('domain/orders.js');
    expect(sourceOf('/work/pos/bench/lib/floor-sql.ts')).toBe('bench/lib/floor-sql.ts');
    expect(sourceOf('/work/pos/bench/.work/build/server/plugins/auth.js')).toBe('server/plugins/auth.js');
  });

  it('prints the threads, the split and the rest as rows of µs per operation', () => {
    const text = formatSplit(splitProfile(profile, { operations: 1000, hz: 1000 }), 2);
    expect(text.split('\n')).toEqual([
      'per operation, by thread:',
      '     9.0 µs  main',
      '     2.0 µs  V8Worker',
      '     1.0 µs  libuv-worker',
      '',
      'main thread:',
      '     2.0 µs  inside better-sqlite3 (SQLite, its binding, the kernel under them)',
      '     7.0 µs  everything else, by innermost source:',
      '     2.0 µs    store/sqlite/images.js',
      '     1.0 µs    fastify',
      '',
    ]);
  });
});
