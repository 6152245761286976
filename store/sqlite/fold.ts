// Case folding as MongoDB (the user_name collation, `contains` regexes) and the live menu do it:
// Unicode-aware. SQLite's own lower() folds ASCII only, so "ÉLODIE" and "élodie" would be two
// users here and one user there. Registered on every connection; the unique user_name index is an
// expression over it, so a tool opening the file must register it too before writing users.
import type Database from 'better-sqlite3';

export const FOLD = 'pos_fold';

export function registerFold(db: Database.Database): void {
  db.function(FOLD, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : (value as null | number | bigint | Buffer),
  );
}
