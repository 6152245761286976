// The time after which the current request stops being worth applying (its Request-Deadline,
// epoch milliseconds), carried to the store so that a transaction's retries stop there instead of
// landing a write the client already reported as "not sent".
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` (and everything it starts) under the deadline `at`. */
export function withDeadline<R>(at: number, work: () => R): R {
  return deadlines.run(at, work);
}

/** The deadline of the request being served, if it sent one. */
export function currentDeadline(): number | undefined {
  return deadlines.getStore();
}
