// Runs a MongoDB transaction the way the driver's withTransaction does (rerun the work on
// TransientTransactionError, retry the commit on UnknownTransactionCommitResult), but bounded by
// the request's deadline and a budget, with capped, jittered exponential backoff between attempts.
// The driver's own loop retries for 120 s and retries a commit with no pause at all.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientSession, mongo } from 'mongoose';
import { currentDeadline } from '../deadline.js';
import { StoreUnavailableError, type CommitTiming } from '../types.js';
import { describeError } from './errors.js';

export interface RetryBudget {
  /** The longest a transaction may keep retrying when the request sent no earlier deadline. */
  maxMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export const TRANSACTION_RETRIES: RetryBudget = { maxMs: 10_000, initialBackoffMs: 10, maxBackoffMs: 1_000 };

const hasLabel = (error: unknown, label: string): boolean =>
  typeof (error as { hasErrorLabel?: unknown })?.hasErrorLabel === 'function' && (error as mongo.MongoError).hasErrorLabel(label);
/** A commit that ran out of its own maxTimeMS is not retried (the driver's rule too). */
const maxTimeExpired = (error: unknown) =>
  (error as { code?: unknown })?.code === 50 || (error as { writeConcernError?: { code?: unknown } })?.writeConcernError?.code === 50;

export async function runTransaction<R>(
  session: ClientSession,
  work: () => Promise<R>,
  options: mongo.TransactionOptions,
  budget: RetryBudget = TRANSACTION_RETRIES,
  now: () => number = Date.now,
  /** Told how long each commit took (its retries included), committed or failed, for /metrics. */
  onCommit: (commit: CommitTiming) => void = () => {},
  /** Milliseconds, for timing commits. */
  timer: () => number = () => performance.now(),
): Promise<R> {
  const until = Math.min(now() + budget.maxMs, currentDeadline() ?? Number.POSITIVE_INFINITY);
  let attempts = 0;
  /** Waits before the next attempt, or gives up with a 503 when the wait would pass `until`. */
  const pause = async (error: unknown) => {
    attempts += 1;
    const backoff = Math.min(budget.initialBackoffMs * 2 ** (attempts - 1), budget.maxBackoffMs) * (0.5 + Math.random() / 2);
    if (now() + backoff >= until) {
      throw new StoreUnavailableError(`MongoDB could not commit the transaction in time (${attempts} attempts): ${describeError(error)}`, {
        cause: error,
      });
    }
    await sleep(backoff);
  };
  for (;;) {
    session.startTransaction(options);
    let result: R;
    try {
      result = await work();
    } catch (error) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      if (!hasLabel(error, 'TransientTransactionError')) throw error;
      await pause(error);
      continue;
    }
    if (await timed(() => commit(session, pause), onCommit, timer)) return result;
  }
}

/** Runs `commit` and reports its duration; a commit to be run again (false) is reported as failed. */
async function timed(commit: () => Promise<boolean>, onCommit: (commit: CommitTiming) => void, timer: () => number): Promise<boolean> {
  const started = timer();
  const seconds = () => (timer() - started) / 1000;
  try {
    const committed = await commit();
    onCommit({ seconds: seconds(), failed: !committed });
    return committed;
  } catch (error) {
    onCommit({ seconds: seconds(), failed: true });
    throw error;
  }
}

/** True once committed; false when the whole transaction must run again. */
async function commit(session: ClientSession, pause: (error: unknown) => Promise<void>): Promise<boolean> {
  for (;;) {
    try {
      await session.commitTransaction();
      return true;
    } catch (error) {
      // The commit may or may not have applied: committing again is safe (the driver then asks for majority).
      if (hasLabel(error, 'UnknownTransactionCommitResult') && !maxTimeExpired(error)) {
        await pause(error);
        continue;
      }
      if (hasLabel(error, 'TransientTransactionError')) {
        await pause(error);
        return false;
      }
      throw error;
    }
  }
}
