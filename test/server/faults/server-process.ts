// The production entry point (server/main.ts) as a child process on a data directory of the test's
// choosing: its URL once it listens, its output, its memory, and its exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PASSWORD } from '../../helpers/app.js';
import { nodeArgs, ROOT } from '../../helpers/node-process.js';

const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resident memory from /proc, in bytes. */
  rss(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGKILL if still running (for finally blocks). */
  kill(): void;
}

/** Environment for a server with a first manager (`manager1`) and fast password hashing; info logs say when it listens. */
export function serverEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    POS_DATA_DIR: dataDir,
    POS_BCRYPT_ROUNDS: '4',
    POS_ADMIN_USER_NAME: 'manager1',
    POS_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    ...env,
  };
}

/** Spawns server/main.ts, transpiled as tsx would (test/helpers/node-process.ts). */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: ServerProcess['exited'] } {
  const child = spawn(process.execPath, nodeArgs('server/main.ts'), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const { child, output, exited } = spawnServer(env);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not listen within ${START_TIMEOUT_MS} ms:\n${output()}`)),
        START_TIMEOUT_MS,
      );
      const check = () => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output()}`));
      });
    });
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    return { child, url, output, rss, exited, kill };
  } catch (error) {
    kill();
    throw error;
  }
}

/** A token for `user_name`, by the JSON password grant. */
export async function login(url: string, userName: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', user_name: userName, password }),
  });
  if (response.status !== 201) throw new Error(`login ${userName}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A JSON request with a bearer token; resolves with the status and parsed body. */
export async function call<T = Record<string, unknown>>(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
