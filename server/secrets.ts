// The token-signing secret: configured, or (embedded mode) generated once and kept beside the data
// so tokens survive a restart.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** As for POS_JWT_SECRET: anything shorter can be guessed offline from one signed token. */
export const MIN_SECRET_LENGTH = 32;

function checked(file: string, secret: string): string {
  if (secret.length >= MIN_SECRET_LENGTH) return secret;
  const what = secret.length === 0 ? 'is empty' : `holds only ${secret.length} characters`;
  throw new Error(
    `the token secret file ${file} ${what}; it needs at least ${MIN_SECRET_LENGTH}: delete it to have a ` +
      `new one generated (signing everyone out), or put a longer secret in it`,
  );
}

/** The data directory exists by now: the store has opened it. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  try {
    return checked(file, readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'wx': if another process created it first, fail and read theirs rather than overwrite it.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return checked(file, readFileSync(file, 'utf8').trim());
    throw error;
  }
}
