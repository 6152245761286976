// A server in a child process for the crash tests: a fixture script (from the test build,
// test/helpers/node-process.ts) on a data directory, known to listen once it prints
// `listening <url>`, so a test can SIGKILL it.
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgs, ROOT } from './node-process.js';

const START_TIMEOUT_MS = 20_000;

export interface FixtureServer {
  child: ChildProcess;
  /** Resolves with the URL once it listens; rejects if it exits first or does not listen in time. */
  url: Promise<string>;
  /** Resolves with the signal that ended it (null for a plain exit). */
  exited: Promise<NodeJS.Signals | null>;
  /** Everything it wrote to stdout so far. */
  stdout(): string;
}

export function serveFixture(fixture: string, dataDir: string, env: Record<string, string> = {}): FixtureServer {
  const child = spawn(process.execPath, nodeArgs(fixture), {
    cwd: ROOT,
    env: { ...process.env, POS_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  let stdout = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening (\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`)));
    // Bounded, so the test ends (and its fixture kills the child) before the test times out.
    setTimeout(() => reject(new Error(`server did not listen within ${START_TIMEOUT_MS} ms: ${stderr}`)), START_TIMEOUT_MS).unref();
  });
  return { child, url, exited, stdout: () => stdout };
}
