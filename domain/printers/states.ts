// Each printer's state as the screens see it live: every instance writes what it observes of a
// printer (whether it answers, its error, the jobs waiting, the stations taken over) to the
// printer's state document when that changes; the change feed carries each write to every
// instance's printers room as `printer.state` (realtime/policies/printers.ts).
//
// Two instances talk to one printer: the state and error are written by the instance that saw them
// change, so a printer one instance cannot reach while the other can does not flap at every look;
// the jobs waiting and the takeover are the store's, the same from every instance.
import type { PrinterStateDoc, PrinterStatus } from '../../models/printer.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';

type Stored = Omit<PrinterStateDoc, 'created_at' | 'updated_at'>;

/** The fields a change of which is news (checked_at moves at every look: news only with the state). */
const same = (a: PrinterStatus, b: PrinterStatus) =>
  JSON.stringify({ ...a, checked_at: null }) === JSON.stringify({ ...b, checked_at: null });

export class PrinterStates {
  /** Per printer, its state document as last stored (by this instance or another). */
  private readonly known = new Map<string, PrinterStateDoc>();
  /** Per printer, the state and error this instance last saw. */
  private readonly seen = new Map<string, string>();
  private readonly unsubscribe: () => void;

  constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection !== 'printer_states') return;
      const after = event.after as PrinterStateDoc | null;
      if (after) this.known.set(event.id, after);
      else this.known.delete(event.id);
    });
  }

  /** Stores the printer's state as this instance sees it now, when that is news. */
  async report(status: PrinterStatus): Promise<void> {
    const condition = `${status.state}|${status.last_error}`;
    // Not asked yet (an instance starting) says nothing of the printer.
    const mine = status.checked_at !== null && this.seen.get(status.id) !== condition;
    if (status.checked_at !== null) this.seen.set(status.id, condition);
    // Written only over the document it was compared with: another instance that wrote the same
    // news meanwhile makes this one no news (one event per change, however many instances saw it).
    for (let attempt = 0; attempt < 3; attempt++) {
      const known = this.known.get(status.id) ?? (await this.read(status.id));
      const shown = known && publicState(known);
      const next: PrinterStatus =
        mine || !shown ? status : { ...status, state: shown.state, last_error: shown.last_error, checked_at: shown.checked_at };
      if (shown && same(shown, next)) return;
      if (await this.write(next, known)) return;
      await this.read(status.id);
    }
  }

  /** A printer taken out of the settings: its state goes too. */
  async forget(printerId: string): Promise<void> {
    this.seen.delete(printerId);
    await this.store.collection('printer_states').delete(printerId);
  }

  close(): void {
    this.unsubscribe();
  }

  private async read(printerId: string): Promise<PrinterStateDoc | null> {
    const stored = await this.store.collection('printer_states').get(printerId);
    if (stored) this.known.set(printerId, stored);
    else this.known.delete(printerId);
    return stored;
  }

  /** False when the document is no longer `over` (another instance wrote it meanwhile). */
  private async write(status: Stored, over: PrinterStateDoc | null): Promise<boolean> {
    const states = this.store.collection('printer_states');
    const { id, ...fields } = status;
    try {
      const written = over
        ? await states.replace(id, fields, { if: [{ field: 'updated_at', op: 'eq', value: over.updated_at }] })
        : await states.insert(status);
      if (written) this.known.set(id, written);
      return written !== null;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}

/** A state document as GET /printers and `printer.state` show it. */
export function publicState({ created_at: _created, updated_at: _updated, ...status }: PrinterStateDoc): PrinterStatus {
  return status;
}
