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
 * after the last. (A transaction too big for one batch waits for a getMore: it may come in two parts.)
 */
export class TransactionGrouper {
  private key: string | null = null;
  private documents: RawChangeEvent[] = [];
  private cancelQuiet: (() => void) | null = null;

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

  /** Adds a document of the transaction being gathered, or starts gathering one (take() the other first). */
  add(key: string, raw: RawChangeEvent): void {
    if (this.key === null) {
      this.key = key;
      this.cancelQuiet = this.schedule(() => this.quiet(), 0);
    }
    this.documents.push(raw);
  }

  /** The gathered documents in stream order; gathering stops (and its timer with it). */
  take(): RawChangeEvent[] {
    this.cancelQuiet?.();
    this.cancelQuiet = null;
    this.key = null;
    return this.documents.splice(0);
  }
}
