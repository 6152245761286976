// The seam between the change source and the driver: a change stream as an event emitter, the
// function that opens one, and the timer used to wait before reopening.
import type { RawChangeEvent, ResumeToken } from './change-events.js';

/** What is needed of a change stream; the driver's ChangeStream (an EventEmitter) is one. */
export interface ChangeStreamHandle {
  on(event: 'change', listener: (raw: RawChangeEvent) => void): unknown;
  on(event: 'resumeTokenChanged', listener: (token: ResumeToken) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  /** True once the stream has ended and handed out everything it had buffered. */
  readonly closed: boolean;
  removeAllListeners(): unknown;
  close(): Promise<void>;
}

/** Without `startAfter` the stream starts from now. */
export type ChangeStreamOpener = (from: { startAfter?: ResumeToken }) => Promise<ChangeStreamHandle>;
/** Runs `task` after `delayMs`; returns a cancel function. Injected so tests never wait. */
export type Scheduler = (task: () => void, delayMs: number) => () => void;

export const realScheduler: Scheduler = (task, delayMs) => {
  const timer = setTimeout(task, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};
