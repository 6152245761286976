// How far the change stream has delivered, as a cluster time, and the readers waiting for it to
// pass a given time (store.settled(): views kept from change events answer only once every change
// committed before the read has reached them).
import type { ResumeToken } from './change-events.js';
import type { Scheduler } from './stream-handle.js';

/** A BSON Timestamp's two halves: seconds and the operation's ordinal within them. */
export interface ClusterTime {
  t: number;
  i: number;
}

export const atOrBefore = (a: ClusterTime, b: ClusterTime): boolean => a.t < b.t || (a.t === b.t && a.i <= b.i);

/**
 * The cluster time a resume token stands for. MongoDB 4.2+ writes tokens as a hex KeyString whose
 * first value is the event's (or, for a batch's postBatchResumeToken, the scan's) cluster time:
 * type byte 0x82, then the 64-bit timestamp big-endian (seconds, then the ordinal). Null for any
 * other shape (older formats): such a token moves nothing.
 */
export function tokenTime(token: ResumeToken): ClusterTime | null {
  const data = (token as { _data?: unknown } | null)?._data;
  if (typeof data !== 'string' || !/^82[0-9a-fA-F]{16}/.test(data)) return null;
  return { t: Number.parseInt(data.slice(2, 10), 16), i: Number.parseInt(data.slice(10, 18), 16) };
}

interface Waiter {
  time: ClusterTime;
  done: (error?: Error) => void;
}

export class SettlePoint {
  /** Every change committed at or before it has been handed to the listeners (null: none known yet). */
  private through: ClusterTime | null = null;
  private waiters: Waiter[] = [];

  constructor(private readonly schedule: Scheduler) {}

  get current(): ClusterTime | null {
    return this.through;
  }

  /** The stream has handed on everything up to `time`: readers waiting for it go on. */
  advance(time: ClusterTime | null): void {
    if (time === null || (this.through !== null && atOrBefore(time, this.through))) return;
    // A plain copy: the driver's Timestamp is a Long underneath.
    const through = { t: time.t, i: time.i };
    this.through = through;
    const ready = this.waiters.filter((waiter) => atOrBefore(waiter.time, through));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => !atOrBefore(waiter.time, through));
    for (const waiter of ready) waiter.done();
  }

  /** Resolves once `time` is passed; rejects with `tooLate()` after `timeoutMs` without it. */
  reached(time: ClusterTime, timeoutMs: number, tooLate: () => Error): Promise<void> {
    if (this.through !== null && atOrBefore(time, this.through)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        time,
        done: (error) => {
          cancel();
          if (error) reject(error);
          else resolve();
        },
      };
      const cancel = this.schedule(() => {
        this.waiters = this.waiters.filter((entry) => entry !== waiter);
        reject(tooLate());
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Nothing more will be delivered: every waiting reader fails with `error`. */
  fail(error: Error): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.done(error);
  }
}
