// The data format's version, kept in the file itself (PRAGMA user_version), and the steps that bring
// a file written by an earlier release up to date. They run at start, inside the transaction that
// creates the schema, so a file is never left half upgraded.
import type { Connection } from './connection.js';
import { installCounts } from './counts.js';

interface Migration {
  version: number;
  description: string;
  up(connection: Connection): void;
}

/** In order; each runs once, on files whose version is below its own. Never edit a released one: add another. */
const MIGRATIONS: Migration[] = [
  {
    // 1.0.0 kept no version (user_version 0). From here on every upgrade is recorded.
    version: 1,
    description: 'a meta table records each format upgrade',
    up: (connection) => connection.exec('CREATE TABLE IF NOT EXISTS pos_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)'),
  },
  {
    // One scan of the stored orders at the upgrade; from then on triggers keep the counts.
    version: 2,
    description: 'match counts kept by triggers (pos_counts), so list totals need no count of the matches',
    up: installCounts,
  },
  {
    // installCounts installs the columns first (one pass over every collection's JSON fills them),
    // then re-creates the count triggers to read them; the indexes are rebuilt on them by schema.ts,
    // in the same transaction.
    version: 3,
    description: 'the fields indexes, counts and expiry read kept in real columns, written by the store from the document',
    up: installCounts,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export interface Upgrade {
  from: number;
  to: number;
}

/**
 * Brings the file to SCHEMA_VERSION; refuses a file written by a newer release. A new, empty file
 * takes every step too (they build the current format), with no upgrade to report.
 */
export function migrate(connection: Connection, file: string, now: () => Date): Upgrade | undefined {
  const fresh = connection.value(`SELECT count(*) FROM sqlite_master WHERE type = 'table'`, []) === 0;
  const from = Number(connection.value('PRAGMA user_version', []));
  if (from > SCHEMA_VERSION) {
    throw new Error(
      `${file} holds data format ${from}, written by a newer release; this one reads up to format ` +
        `${SCHEMA_VERSION}: run the newer release, or restore a backup taken before the upgrade`,
    );
  }
  if (from === SCHEMA_VERSION) return undefined;
  for (const migration of MIGRATIONS.filter(({ version }) => version > from)) migration.up(connection);
  if (!fresh)
    connection.run('INSERT OR REPLACE INTO pos_meta (key, value) VALUES (?, ?)', [
      `upgraded_to_${SCHEMA_VERSION}`,
      JSON.stringify({ from, at: now().toISOString() }),
    ]);
  // A pragma takes no bound parameters; the version is a number from this file.
  connection.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  return fresh ? undefined : { from, to: SCHEMA_VERSION };
}
