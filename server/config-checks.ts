// The checks behind loadConfig for settings that are more than a number or a word: addresses,
// origins, the proxy trust list, the first manager's password, and variables nobody reads.
import { isIP } from 'node:net';
import { Password } from '../models/user.js';

/** An IP address, or a host name of letters, digits, dots and hyphens; all-digit dotted names must be IPv4. */
export function checkHost(host: string, problems: string[]): void {
  const hostName = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  const looksNumeric = /^[\d.]+$/.test(host);
  if (isIP(host) !== 0 || (!looksNumeric && hostName.test(host))) return;
  problems.push(`HOST must be an IP address or a host name to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "${host}")`);
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * POS_TRUST_PROXY: `true` (every hop), `false`, a hop count, or addresses and CIDR ranges separated
 * by commas, in fastify's own forms (a number is a hop count, a string a list of trusted proxies).
 */
export function trustProxy(raw: string | undefined, problems: string[]): boolean | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries.join(',');
  problems.push(
    `POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "${raw}")`,
  );
  return false;
}

/** Each entry a browser origin: scheme, host and optional port, with no path (https://pos.example.com). */
export function corsOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      problems.push(
        `POS_CORS_ORIGINS must list origins such as https://pos.example.com (scheme and host, no path or trailing slash), separated by commas (got "${origin}")`,
      );
    }
  }
  return origins;
}

const rules = Password as unknown as { pattern: string; minLength: number; maxLength: number; description: string };
const passwordPattern = new RegExp(rules.pattern);

/** The first manager's password follows the rules every other password does (models/user.ts). */
export function checkAdminPassword(password: string, problems: string[]): void {
  if (password.length >= rules.minLength && password.length <= rules.maxLength && passwordPattern.test(password)) return;
  problems.push(`POS_ADMIN_PASSWORD must follow the password rules: ${rules.description}`);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** POS_ variables the server does not read: almost always a typo that would otherwise pass silently. */
export function unknownVariables(names: Iterable<string>, known: ReadonlySet<string>, problems: string[]): void {
  for (const name of names) {
    if (!name.startsWith('POS_') || known.has(name)) continue;
    const [closest] = [...known].map((candidate) => [candidate, distance(name, candidate)] as const).sort((x, y) => x[1] - y[1]);
    const hint = closest && closest[1] <= 3 ? ` (did you mean ${closest[0]}?)` : '';
    problems.push(`${name} is not a setting this server knows${hint}; the settings are listed in the README`);
  }
}

/** Fewer distinct characters than this and a 32-character secret is a pattern, not a secret. */
const MIN_SECRET_DISTINCT = 10;
const MAKE_ONE = 'use 32 or more random characters, e.g. the output of `openssl rand -base64 48`';

/**
 * POS_JWT_SECRET: unset means "generate one" (embedded store); set, it must be a real secret. An
 * empty value set on purpose (`POS_JWT_SECRET=` in pos.env) is refused rather than quietly
 * replaced by a generated one, and so is whitespace or a run of one character.
 */
export function checkJwtSecret(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '')
    problems.push(`POS_JWT_SECRET is set but empty: remove the line to have the embedded store generate a secret, or ${MAKE_ONE}`);
  else if (raw.trim() === '') problems.push(`POS_JWT_SECRET holds only whitespace: ${MAKE_ONE}`);
  else if (raw.length < 32) problems.push('POS_JWT_SECRET must be at least 32 characters long');
  else if (raw !== raw.trim())
    problems.push(`POS_JWT_SECRET begins or ends with whitespace (a quoting slip in the environment file?): ${MAKE_ONE}`);
  else if (new Set(raw).size < MIN_SECRET_DISTINCT)
    problems.push(`POS_JWT_SECRET is too predictable (only ${new Set(raw).size} different characters): ${MAKE_ONE}`);
  else return raw;
  return undefined;
}
