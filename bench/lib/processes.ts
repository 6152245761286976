// The processes under test: each server runs in its own child process (so it competes for the
// cores with the load generator as it would in production), answers on 127.0.0.1 only, and is
// measured from outside through /proc.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface Memory {
  /** Resident set size now, and its peak (VmHWM), in MB (10⁶ bytes, as the targets are set). */
  rssMB: number;
  peakMB: number;
  /** Of the RSS: anonymous memory (heaps, buffers) and file-backed pages (code, mapped files). */
  anonMB?: number;
  fileMB?: number;
}

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  memory(): Memory;
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const mb = (field: string) => Math.round((kib(field) * 1024) / 100_000) / 10;
  return { rssMB: mb('VmRSS'), peakMB: mb('VmHWM'), anonMB: mb('RssAnon'), fileMB: mb('RssFile') };
}

/** utime and stime, fields 14 and 15 of /proc/<pid>/stat, are in clock ticks (100 a second on Linux). */
const TICKS_PER_SECOND = 100;

export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function untilReady(url: string, child: ChildProcess, name: string, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before answering; see ${logFile}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** A path that answers 2xx once the server is ready. */
  readyPath: string;
  /** stderr goes here, and stdout too unless discarded. */
  logFile: string;
  /**
   * A server logging every request still pays for formatting and writing each line; /dev/null
   * keeps hundreds of megabytes of request log off the disk.
   */
  discardStdout?: boolean;
}

export async function startServer({
  name,
  command,
  args,
  env,
  port,
  readyPath,
  logFile,
  discardStdout = false,
}: SpawnOptions): Promise<ServerProcess> {
  const log = openSync(logFile, 'a');
  const stdio: StdioOptions = ['ignore', discardStdout ? 'ignore' : log, log];
  // Only what the server needs: no MONGODB_URI or POS_* settings leak in from the shell.
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio });
  closeSync(log);
  const url = `http://${HOST}:${port}`;
  try {
    await untilReady(`${url}${readyPath}`, child, name, logFile);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  if (child.pid === undefined) throw new Error(`${name} has no process id`);
  const pid = child.pid;
  return { name, pid, url, memory: () => memoryOf(pid), cpuMs: () => cpuMsOf(pid), stop: () => stopChild(child) };
}
