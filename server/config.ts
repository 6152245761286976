// Configuration from the environment, validated once at start with messages an operator can act on.
import { checkAdminPassword, checkHost, checkJwtSecret, corsOrigins, trustProxy, unknownVariables } from './config-checks.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mongodbUri: string | undefined;
  /** Unset in embedded mode: one is generated once and kept in the data directory. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  logLevel: string;
  bcryptRounds: number;
  /** Failed logins allowed per user_name and per address within the window before 429s. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  corsOrigins: string[];
  /** Requests per minute per client address before 429s; 0 turns the limit off (loopback is exempt). */
  rateLimitMax: number;
  /** Slow-loris defences: time to receive a whole request, and how long a socket may sit idle. */
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Realtime limits: sockets per client address, messages per socket per minute, bytes queued for a client. */
  socketMaxPerAddress: number;
  socketMaxMessagesPerMinute: number;
  socketMaxBufferedBytes: number;
  /** How long socket.io keeps a dropped screen's session and the events it misses (POS_RECOVERY_WINDOW). */
  recoveryWindowSeconds: number;
  /** And at most this many of the newest events, whatever the rate (POS_RECOVERY_MAX_EVENTS). */
  recoveryMaxEvents: number;
  /** How socket.io broadcasts are written: its public API, or straight to each screen's connection (POS_SOCKETIO_WRITES). */
  socketIoWrites: 'public' | 'direct';
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** Resident memory (MB) above which V8 saves memory at some CPU (server/memory-target.ts); 0: never. */
  memoryTargetMb: number;
  instanceId: string | undefined;
  /** MongoDB mode: exit once the change stream has been reported down this long (POS_STREAM_DOWN_EXIT, s; 0: never). */
  streamDownExitSeconds: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (POS_TRUST_PROXY). */
  trustProxy: boolean | number | string;
  admin: { userName: string; password: string; email: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem, one line; several, one line each under the heading.
    super(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return fallback;
}

function adminAccount(env: Env, problems: string[]): Config['admin'] {
  const userName = env.POS_ADMIN_USER_NAME;
  const password = env.POS_ADMIN_PASSWORD;
  if (!userName && !password) return undefined;
  if (!userName || !password) {
    problems.push('POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD must be set together');
    return undefined;
  }
  checkAdminPassword(password, problems);
  return { userName, password, email: env.POS_ADMIN_EMAIL || `${userName}@localhost.localdomain` };
}

/** Read only when another setting is present, so never seen by the read tracking below. */
const READ_CONDITIONALLY = ['POS_ADMIN_EMAIL'];

export function loadConfig(environment: Env = process.env): Config {
  const problems: string[] = [];
  // Every name loadConfig reads is a known setting: a POS_ variable it never reads is reported.
  const read = new Set<string>(READ_CONDITIONALLY);
  const env = new Proxy(environment, { get: (target, name: string) => (read.add(name), target[name]) });
  const mongodbUri = env.MONGODB_URI || undefined;
  const jwtSecret = checkJwtSecret(env.POS_JWT_SECRET, problems);
  if (mongodbUri && environment.POS_JWT_SECRET === undefined)
    problems.push('POS_JWT_SECRET is required with MONGODB_URI: every instance must sign and verify tokens with the same secret');
  if (mongodbUri && !/^mongodb(\+srv)?:\/\//.test(mongodbUri)) problems.push('MONGODB_URI must start with mongodb:// or mongodb+srv://');
  const config: Config = {
    port: integer(env, 'PORT', 3000, 0, 65535, problems),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: env.POS_DATA_DIR || './data',
    mongodbUri,
    jwtSecret,
    accessTokenTtlSeconds: integer(env, 'POS_ACCESS_TOKEN_TTL', 900, 10, 86_400, problems),
    refreshTokenTtlSeconds: integer(env, 'POS_REFRESH_TOKEN_TTL', 30 * 86_400, 60, 365 * 86_400, problems),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info', problems),
    bcryptRounds: integer(env, 'POS_BCRYPT_ROUNDS', 10, 4, 15, problems),
    loginMaxFailures: integer(env, 'POS_LOGIN_MAX_FAILURES', 5, 1, 1000, problems),
    loginWindowSeconds: integer(env, 'POS_LOGIN_WINDOW', 900, 1, 86_400, problems),
    corsOrigins: corsOrigins(env.POS_CORS_ORIGINS, problems),
    rateLimitMax: integer(env, 'POS_RATE_LIMIT_MAX', 1000, 0, 1_000_000, problems),
    requestTimeoutMs: integer(env, 'POS_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000, problems),
    connectionTimeoutMs: integer(env, 'POS_CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000, problems),
    socketMaxPerAddress: integer(env, 'POS_SOCKET_MAX_PER_ADDRESS', 100, 0, 100_000, problems),
    socketMaxMessagesPerMinute: integer(env, 'POS_SOCKET_MAX_MESSAGES', 120, 0, 1_000_000, problems),
    socketMaxBufferedBytes: integer(env, 'POS_SOCKET_MAX_BUFFER', 4_194_304, 1024, 1_073_741_824, problems),
    recoveryWindowSeconds: integer(env, 'POS_RECOVERY_WINDOW', 120, 1, 3600, problems),
    recoveryMaxEvents: integer(env, 'POS_RECOVERY_MAX_EVENTS', 10_000, 10, 1_000_000, problems),
    socketIoWrites: oneOf(env, 'POS_SOCKETIO_WRITES', ['public', 'direct'] as const, 'public', problems),
    sqliteSynchronous: oneOf(env, 'POS_SQLITE_SYNCHRONOUS', ['NORMAL', 'FULL'] as const, 'NORMAL', problems),
    memoryTargetMb: integer(env, 'POS_MEMORY_TARGET_MB', 350, 0, 1_000_000, problems),
    instanceId: env.POS_INSTANCE_ID || undefined,
    streamDownExitSeconds: integer(env, 'POS_STREAM_DOWN_EXIT', 120, 0, 86_400, problems),
    trustProxy: trustProxy(env.POS_TRUST_PROXY, problems),
    admin: adminAccount(env, problems),
  };
  checkHost(config.host, problems);
  unknownVariables(Object.keys(environment), read, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Every variable loadConfig reads, for the README's Configuration table (test/api/config.test.ts). */
export function knownSettings(): string[] {
  const seen = new Set<string>(READ_CONDITIONALLY);
  const recorder = new Proxy({} as Env, { get: (_target, name) => (typeof name === 'string' && seen.add(name), undefined) });
  loadConfig(recorder);
  return [...seen].sort();
}

/** This machine's URL for a server listening on `host` (every address: loopback). */
/** The address a person on this machine opens: "localhost" for a server listening on every interface. */
export function browserUrl(host: string, port: number): string {
  return ['0.0.0.0', '::', ''].includes(host) ? `http://localhost:${port}` : localUrl(host, port);
}

export function localUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
