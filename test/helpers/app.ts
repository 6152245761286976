// Builds the real app on a fresh data directory for a test: one signed-in user per role, a clock
// the test controls, and (on request) a real listening server on port 0. Every `inject` answer is
// checked against the served OpenAPI document (./conformance.ts; TEST_OPENAPI_CHECK=0 skips it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { CHECK_RESPONSES, responseChecker } from './conformance.js';
import type { CommitObserver } from '../../store/sqlite/commit-group.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import { DATABASE_FILE, PRIVATE_FILE } from '../../store/sqlite/open.js';
import type { Store } from '../../store/types.js';
import type { Role, UserDoc } from '../../models/user.js';
import { Passwords } from '../../domain/accounts/passwords.js';
import { TokenService } from '../../domain/accounts/tokens.js';

export const PASSWORD = 'Kitchen@Pass1!';
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
export const ROLES_UNDER_TEST: Role[] = ['patron', 'chef', 'expeditor', 'manager'];

/** A clock tests move by hand; it starts at the real time so tokens and schedules look normal. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** A TestClock that moves only when the test says, from `at` (now by default): exact boundaries stay exact. */
export class FrozenClock extends TestClock {
  constructor(private at: number = Date.now()) {
    super();
  }
  override now = (): Date => new Date(this.at);
  override advance(ms: number): void {
    this.at += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  dataDir: string;
  clock: TestClock;
  config: Config;
  /** An access token per role (users named `<role>1`). */
  tokens: Record<Role, string>;
  userIds: Record<Role, string>;
  /** Set when started with `listen: true`. */
  url: string;
  inject(options: InjectOptions & { as?: Role | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dataDir?: string;
  clock?: TestClock;
  listen?: boolean;
  env?: Record<string, string>;
  /** Skip creating the per-role users (e.g. when reopening a data dir that has them). */
  withoutUsers?: boolean;
  /** Told after each of the store's group commits. */
  onCommit?: CommitObserver;
  /** How often the store looks for another program's commits to its file (ms). */
  outsideWriteCheckMs?: number;
  /**
   * Run the background re-estimates of expected_ready_at, as production does. Off by default: its
   * writes come a second after any queue move, so a test comparing stored data would race them.
   */
  reestimate?: boolean;
  /** The store the app runs on, made from the SQLite one (e.g. one whose change events arrive late). */
  wrapStore?: (store: Store) => Store;
  /** The printers' retry, answer and takeover times (short ones keep printer tests quick). */
  printTimings?: AppOptions['printTimings'];
  /** socket.io's heartbeat (short ones let a test see a dropped board soon). */
  heartbeat?: AppOptions['heartbeat'];
}

// bcrypt verifies a hash whatever its cost, so one hash of PASSWORD per process serves every seeded
// user (signing three users up over HTTP and logging four in took a third of an app start's CPU).
let passwordHash: Promise<string> | undefined;

/**
 * Writes `<role>1` users straight to the store: the documents POST /users writes (the users API's
 * own tests sign up over HTTP), without a request and a bcrypt hash each.
 */
export async function seedUsers(store: Store, roles: Role[]): Promise<UserDoc[]> {
  passwordHash ??= new Passwords(4).hash(PASSWORD);
  const password_hash = await passwordHash;
  const users: UserDoc[] = [];
  for (const role of roles)
    users.push(await store.collection('users').insert({ user_name: `${role}1`, email: `${role}1@example.com`, role, password_hash }));
  return users;
}

/**
 * The database file a new data directory starts with: what opening a store on an empty directory
 * writes (the schema, no documents), made once per process by that same code on a scratch
 * directory, then removed. Creating the schema on every app's start was an eighth of its CPU.
 */
let emptyDatabase: Promise<Buffer> | undefined;

async function schemaOnly(): Promise<Buffer> {
  const scratch = mkdtempSync(join(tmpdir(), 'pos-test-schema-'));
  try {
    // Closing the last connection checkpoints the write-ahead log: the file then holds everything.
    await openSqliteStore({ dataDir: scratch }).close();
    return readFileSync(join(scratch, DATABASE_FILE));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function freshDataDirectory(): Promise<string> {
  const database = await (emptyDatabase ??= schemaOnly());
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-test-'));
  writeFileSync(join(dataDir, DATABASE_FILE), database, { mode: PRIVATE_FILE, flag: 'wx' });
  return dataDir;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await freshDataDirectory());
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    POS_DATA_DIR: dataDir,
    POS_BCRYPT_ROUNDS: '4',
    POS_ADMIN_USER_NAME: 'manager1',
    POS_ADMIN_PASSWORD: PASSWORD,
    POS_ADMIN_EMAIL: 'manager1@example.com',
    // A connection a test leaves half-used (a request begun, never finished) is cut after 5 s, not
    // the 60 s default, past a test's time limit; every timeout test sets its own. (Kept-alive
    // connections no longer hold a close up: server/app.ts closes them as they fall idle.)
    POS_CONNECTION_TIMEOUT_MS: '5000',
    ...options.env,
  });
  const sqlite = openSqliteStore({
    dataDir,
    clock: clock.now,
    onCommit: options.onCommit,
    outsideWriteCheckMs: options.outsideWriteCheckMs,
  });
  const store = options.wrapStore ? options.wrapStore(sqlite) : sqlite;
  const app = await buildApp({
    config,
    store,
    jwtSecret: JWT_SECRET,
    now: clock.now,
    reestimate: options.reestimate ?? false,
    printTimings: options.printTimings,
    heartbeat: options.heartbeat,
  });
  let url = '';
  if (options.listen) url = await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();

  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, string>;
  const check = CHECK_RESPONSES ? await responseChecker(app) : undefined;
  const inject = async (request: InjectOptions & { as?: Role | null }) => {
    const { as, ...rest } = request;
    const headers = { ...(rest.headers ?? {}), ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) };
    const response = await app.inject({ ...rest, headers });
    check?.(rest, response);
    return response;
  };
  if (!options.withoutUsers) {
    // The bootstrap manager is made by the app itself, from the configuration, as in production.
    const [manager] = await store.collection('users').find([{ field: 'user_name', op: 'eq', value: 'manager1' }]);
    if (!manager) throw new Error('the bootstrap manager manager1 is missing');
    const seeded = await seedUsers(
      store,
      ROLES_UNDER_TEST.filter((role) => role !== 'manager'),
    );
    // What a login issues (a token pair, its refresh token stored), signed with the app's secret.
    const issuer = new TokenService(store, {
      secret: JWT_SECRET,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      now: clock.now,
    });
    try {
      for (const user of [manager, ...seeded]) {
        userIds[user.role] = user.id;
        tokens[user.role] = (await issuer.issue(user)).access_token;
      }
    } finally {
      // The app is a plugin of its own (buildApp): its token service is not reachable from here.
      issuer.close();
    }
  }

  // Once, however often it is asked (a test that restarts an app closes it before its fixture does).
  let closing: Promise<void> | undefined;
  const close = async () => {
    await app.close();
    await store.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, store, dataDir, clock, config, tokens, userIds, url, inject, close: () => (closing ??= close()) };
}

/** A second server instance on the same store, as a load balancer's other one: its own sockets and printers' workers. */
export interface TwinApp {
  app: FastifyInstance;
  url: string;
  inject(options: InjectOptions & { as?: Role | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Starts a twin of `t` on its store, listening on port 0; it must close before `t` does. */
export async function startTwin(t: TestApp, options: Pick<TestAppOptions, 'printTimings' | 'heartbeat'> = {}): Promise<TwinApp> {
  const app = await buildApp({ config: t.config, store: t.store, jwtSecret: JWT_SECRET, now: t.clock.now, reestimate: false, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const inject = (request: InjectOptions & { as?: Role | null }) => {
    const { as, ...rest } = request;
    return app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(as ? { authorization: `Bearer ${t.tokens[as]}` } : {}) } });
  };
  return { app, url, inject, close: () => app.close() };
}
