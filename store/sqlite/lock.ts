// One server per data directory: pos.lock names the process that owns it. A second process is
// refused with that process's pid; a lock left by a process that died (or lingers as a zombie) is taken over. A second store
// inside the owning process is refused too: the embedded store holds SQLite's write lock across
// turns of the event loop (group commit), which a second writer in the same thread would wait on forever.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'pos.lock';

interface Holder {
  pid: number;
  host: string;
  started_at: string;
  /** Where the server listens, once it does: scripts reach it there whatever port they were told. */
  url?: string;
}

/** Another live process owns the data directory. */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holder: Holder,
  ) {
    super(
      holder.pid === process.pid && holder.host === os.hostname()
        ? `this process (${holder.pid}) already has this data directory open (${file}): one store per data directory`
        : `${file} shows that process ${holder.pid} on ${holder.host} (since ${holder.started_at}) already serves this data directory: ` +
            'stop it first (two servers on one directory drift apart); if no such server runs, delete the file',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

// The lock files this process holds, one per open store.
const held = new Set<string>();

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return undefined;
    return {
      pid: holder.pid,
      host: holder.host,
      started_at: String(holder.started_at),
      ...(typeof holder.url === 'string' && { url: holder.url }),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable or half-written (a crash while writing it): no live owner can be named.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function alive(holder: Holder, file: string): boolean {
  // On another machine (a shared volume) the pid cannot be checked: assume it runs.
  if (holder.host !== os.hostname()) return true;
  // Our own pid without a lock held here: a previous life of a container's pid 1.
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exited(holder.pid);
}

/**
 * A process that has exited but that its parent has not reaped (a zombie, state Z) still answers
 * `kill 0`; it holds nothing. Linux names the state in /proc; elsewhere, none is known.
 */
function exited(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command name) state …": the name may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/** Takes the data directory's lock; returns the release function. */
export function lockDataDirectory(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const ours = held.has(file) ? readHolder(file) : undefined;
  if (ours) throw new DataDirectoryLockedError(file, ours);
  const mine: Holder = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      return once(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(error, file);
    }
    const holder = readHolder(file);
    if (holder && alive(holder, file)) throw new DataDirectoryLockedError(file, holder);
    // Stale: its process is gone. Removed and created again with 'wx', so of two processes taking
    // it over at once the second to create the file fails instead of sharing it.
    fs.rmSync(file, { force: true });
  }
}

/**
 * Adds the server's address to the lock this process holds on `dir`. Written beside it and renamed
 * over it, so a process reading the lock never sees half a file (which it would take for no owner).
 */
export function announceUrl(dir: string, url: string): void {
  const file = path.join(path.resolve(dir), LOCK_FILE);
  const holder = held.has(file) ? readHolder(file) : undefined;
  if (holder?.pid !== process.pid) return;
  const next = `${file}.${process.pid}`;
  fs.writeFileSync(next, `${JSON.stringify({ ...holder, url })}\n`, { mode: 0o600 });
  fs.renameSync(next, file);
}

function lockError(error: unknown, file: string): Error {
  const holder = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readHolder(file) : undefined;
  return holder ? new DataDirectoryLockedError(file, holder) : (error as Error);
}

function once(file: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(file);
    // Only our own lock: never one a later owner wrote after taking over.
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
