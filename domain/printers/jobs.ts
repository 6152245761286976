// Print jobs in the store: made once (an id derived from what causes it, so making it again is a
// no-op), read by their printer oldest first, held by one instance while it prints, then marked
// printed. Kept two days after they are made (models/printer.ts).
import { createHash } from 'node:crypto';
import { PRINT_JOB_TTL_MS, type Chit, type PrintJobDoc } from '../../models/printer.js';
import { DuplicateKeyError, type Store, type StoreSession } from '../../store/types.js';

/** A job's id from what causes it: the same cause always makes the same id. */
export function jobId(...cause: readonly (string | number)[]): string {
  return createHash('sha256').update(cause.join('|')).digest('hex').slice(0, 24);
}

let lastSequence = 0;

/** Microseconds since the epoch, never the same twice in this process: the order jobs print in. */
function nextSequence(now: Date): number {
  lastSequence = Math.max(now.getTime() * 1000, lastSequence + 1);
  return lastSequence;
}

export interface NewJob {
  id: string;
  printer_id: string;
  chit: Chit;
}

const stored = (job: NewJob, now: Date) => ({
  ...job,
  sequence: nextSequence(now),
  status: 'waiting' as const,
  attempts: 0,
  last_error: null,
  held_until: '',
  printed_at: null,
  expires_at: new Date(now.getTime() + PRINT_JOB_TTL_MS).toISOString(),
});

/** Stores the job; false when a job of that id was made before (it prints once, whoever made it). */
export async function makeJob(session: StoreSession, job: NewJob, now: Date): Promise<boolean> {
  try {
    await session.collection('print_jobs').insert(stored(job, now));
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

/**
 * Stores the jobs not made before, in the order given, in one write (an order's change makes a
 * few at once: one commit, not one each, beside the orders' own writes). Returns those stored.
 */
export async function makeJobs(store: Store, jobs: readonly NewJob[], now: Date): Promise<NewJob[]> {
  if (jobs.length === 0) return [];
  const made = new Set((await store.collection('print_jobs').getEach(jobs.map((job) => job.id))).map((job) => job.id));
  const fresh = jobs.filter((job) => !made.has(job.id));
  if (fresh.length === 0) return [];
  try {
    await store.transaction(async (tx) => {
      for (const job of fresh) await tx.collection('print_jobs').insert(stored(job, now));
    });
    return fresh;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    // Another instance made some meanwhile: one at a time, each once.
    const each = [];
    for (const job of fresh) if (await makeJob(store, job, now)) each.push(job);
    return each;
  }
}

const waitingFor = (printerId: string) => [
  { field: 'printer_id', op: 'eq' as const, value: printerId },
  { field: 'status', op: 'eq' as const, value: 'waiting' },
];

/** The printer's oldest job not yet printed, or null. */
export async function oldestWaiting(store: Store, printerId: string): Promise<PrintJobDoc | null> {
  const [job] = await store
    .collection('print_jobs')
    .find(waitingFor(printerId), { sort: { field: 'sequence', direction: 'asc' }, limit: 1 });
  return job ?? null;
}

/** Counted by the store (its index), not read: a printer off for an hour has hundreds waiting. */
export async function countWaiting(store: Store, printerId: string): Promise<number> {
  return (await store.collection('print_jobs').listIds({ filter: waitingFor(printerId), limit: 0, offset: 0 })).total_results;
}

/**
 * Holds the job for this instance until `until`, unless another instance holds it now: the job is
 * then null (that instance prints it). A hold that lapsed (its instance stopped) is taken over.
 */
export async function holdJob(store: Store, job: PrintJobDoc, now: Date, holdMs: number): Promise<PrintJobDoc | null> {
  return store.collection('print_jobs').update(
    job.id,
    { set: { held_until: new Date(now.getTime() + holdMs).toISOString() } },
    {
      if: [
        { field: 'status', op: 'eq', value: 'waiting' },
        { field: 'held_until', op: 'lt', value: now.toISOString() },
      ],
    },
  );
}

export async function markPrinted(store: Store, id: string, now: Date): Promise<void> {
  await store
    .collection('print_jobs')
    .update(id, { set: { status: 'printed', printed_at: now.toISOString(), held_until: '', last_error: null } });
}

/** The printer did not take it: it waits for the next attempt, free for any instance. */
export async function markFailed(store: Store, id: string, error: string): Promise<void> {
  await store.collection('print_jobs').update(id, { set: { last_error: error, held_until: '' }, inc: { attempts: 1 } });
}
