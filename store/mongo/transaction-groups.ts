// Gathers the change documents of one multi-document transaction, so they can be handed on together.
import type { RawChangeEvent } from './change-events.js';
import type { Scheduler } from './stream-handle.js';

/**
 * The transaction a change document belongs to (session id + transaction number), or null outside
 * one: MongoDB reports each write of a transaction as a change document of its own carrying both.
 */
export function transactionOf(raw: RawChangeEvent): string | null {
  if (!raw.lsid || raw.txnNumber === undefined || raw.txnNumber === null) return null;
  // txnNumber is a number, or a Long when longs are not promoted: String() reads both the same.
  return `${raw.lsid.id.toString('hex')}/${String(raw.txnNumber)}`;
}

/**
 * The documents of the transaction being received. The owner hands them out when a document of
 * another transaction (or of none) arrives, and `quiet` is called once the stream goes quiet: a
 * transaction's documents come from one oplog entry, hence one batch, and the driver hands out a
 * batch's documents through promise continuations, so a 0 ms timer set at the first one fires only
 * after the last. A batch the server cut short (full: its postBatchResumeToken is then its last
 * document's own token, where a batch that reached the end of the oplog carries a later one) may
 * end inside a transaction: then the gathering waits for the next batch, and ends at its first
 * document of another transaction, at a report with no document (an empty batch), or after
 * REST_WAIT_MS (a server that sends no post-batch tokens).
 */
export const REST_WAIT_MS = 2_000;

export class TransactionGrouper {
  private key: string | null = null;
  private documents: RawChangeEvent[] = [];
  private cancelQuiet: (() => void) | null = null;
  /** The last document added may be followed by more of its transaction in the next batch. */
  private cutAfterLast = false;
  private awaitingRest = false;
  private added = 0;

  constructor(
    private readonly schedule: Scheduler,
    private readonly quiet: () => void,
  ) {}

  get gathering(): boolean {
    return this.key !== null;
  }

  /** Whether `key` is the transaction being gathered. */
  continues(key: string): boolean {
    return this.key === key;
  }

  /**
   * Adds a document of the transaction being gathered, or starts gathering one (take() the other
   * first). `cutAfter`: the driver reported the document's own token for it, so a batch ending here
   * was cut short by the server.
   */
  add(key: string, raw: RawChangeEvent, cutAfter = false): void {
    const starting = this.key === null;
    this.key = key;
    // The first document, or the first of the next batch after a cut one: wait for its batch.
    if (starting || this.awaitingRest) this.wait(0);
    this.awaitingRest = false;
    this.added += 1;
    this.cutAfterLast = cutAfter;
    this.documents.push(raw);
  }

  /** A resume token was reported while gathering: with no document after it, an empty batch ended the wait. */
  reported(): void {
    if (!this.awaitingRest) return;
    const added = this.added;
    queueMicrotask(() => {
      if (this.awaitingRest && this.added === added) this.quiet();
    });
  }

  private wait(delayMs: number): void {
    this.cancelQuiet?.();
    this.cancelQuiet = this.schedule(() => this.drained(), delayMs);
  }

  /** The batch is handed out: the transaction is whole, unless the batch was cut at its last document. */
  private drained(): void {
    if (this.cutAfterLast && !this.awaitingRest) {
      this.awaitingRest = true;
      return this.wait(REST_WAIT_MS);
    }
    this.quiet();
  }

  /** The gathered documents in stream order; gathering stops (and its timer with it). */
  take(): RawChangeEvent[] {
    this.cancelQuiet?.();
    this.cancelQuiet = null;
    this.key = null;
    this.awaitingRest = false;
    this.cutAfterLast = false;
    return this.documents.splice(0);
  }
}
