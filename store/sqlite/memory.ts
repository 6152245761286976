// The writer's memory of the documents it last read or wrote in the collections kept in memory
// (models/collections.ts `keptInMemory`): their frozen images, so the stock every order takes is not
// read back and parsed from SQLite each time. One process owns the file (lock.ts) and its writer is
// the only connection of it that writes, so an image stays what the row holds as long as every write
// through the writer updates it, every rollback forgets everything, and so does a write transaction
// that finds another program committed meanwhile (a sqlite3 shell): connection.ts does all three.
import type { Doc } from './images.js';

/** Documents per collection beyond which the oldest are forgotten (a kitchen has a few hundred ingredients). */
export const MAX_KEPT_PER_TABLE = 10_000;

export class DocumentMemory {
  private readonly tables = new Map<string, Map<string, Doc>>();

  get(table: string, id: string): Doc | undefined {
    return this.tables.get(table)?.get(id);
  }

  remember(table: string, id: string, image: Doc): void {
    let kept = this.tables.get(table);
    if (!kept) this.tables.set(table, (kept = new Map()));
    kept.delete(id);
    kept.set(id, image);
    if (kept.size > MAX_KEPT_PER_TABLE) kept.delete(kept.keys().next().value as string);
  }

  forget(table: string, id: string): void {
    this.tables.get(table)?.delete(id);
  }

  /** After a rollback: what was remembered may have been undone. */
  clear(): void {
    this.tables.clear();
  }
}
