// The test API with a started app as a fixture, the way fastify/demo's build(t) registers its own
// teardown: a test names what it needs and reads as the behaviour it proves.
//
//   import { it } from '../helpers/fixtures.js';
//   it('lists the dishes', async ({ app: t }) => { … t.url … });       // one app, listening on port 0
//   it('with a short token', async ({ startApp }) => {
//     const t = await startApp({ env: { POS_ACCESS_TOKEN_TTL: '60' } });  // options, or a second app
//   });
//
//   it('keeps the orders across a restart', async ({ dataDir, startApp }) => {
//     const first = await startApp({ dataDir });  await first.close();  // closing early is allowed
//     const second = await startApp({ dataDir, withoutUsers: true });
//   });
//
//   it('answers /health', async ({ fileApp: t }) => { … });  // one app for all the file's tests
//
//   it.beforeAll(async ({ startFileApp }) => {                     // the same, with options
//     t = await startFileApp({ clock, env: { POS_ACCESS_TOKEN_TTL: '86400' } });  // then a scene built once
//   });
//
// Both are closed (server, store, temporary data directory) when the test ends, pass or fail; a
// `dataDir` is removed after every app on it has closed (it is set up first, so torn down last).
// `fileApp` and the apps of `startFileApp` are closed when the file's last test has run: for files
// whose tests only read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';
import { serveFixture, type FixtureServer } from './fixture-server.js';

/** Runs a fixture script as a server in a child process (the crash tests); SIGKILLed when the test ends, if still running. */
export type Serve = (fixture: string, dataDir: string, env?: Record<string, string>) => FixtureServer;

/** Starts an app listening on port 0 (unless `listen: false`), closed when the test ends. */
export type StartApp = (options?: TestAppOptions) => Promise<TestApp>;

/** Starts apps for a fixture, closed by its cleanup: newest first, each even when another fails to close. */
function appStarter(onCleanup: (cleanup: () => Promise<void>) => void): StartApp {
  const started: TestApp[] = [];
  onCleanup(async () => {
    const closing = await Promise.allSettled(started.reverse().map((app) => app.close()));
    const failed = closing.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });
  return async (options = {}) => {
    const app = await startTestApp({ listen: true, ...options });
    started.push(app);
    return app;
  };
}

export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  .extend('dataDir', async ({}, { onCleanup }): Promise<string> => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-test-data-'));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('serve', async ({}, { onCleanup }): Promise<Serve> => {
    const running: FixtureServer[] = [];
    onCleanup(async () => {
      const alive = running.filter(({ child }) => child.exitCode === null && child.signalCode === null);
      for (const { child } of alive) child.kill('SIGKILL');
      await Promise.all(alive.map((server) => server.exited));
    });
    return (fixture, dataDir, env) => {
      const server = serveFixture(fixture, dataDir, env);
      running.push(server);
      return server;
    };
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('startApp', async ({}, { onCleanup }): Promise<StartApp> => appStarter(onCleanup))
  .extend('app', async ({ startApp }) => startApp())
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('startFileApp', { scope: 'file' }, async ({}, { onCleanup }): Promise<StartApp> => appStarter(onCleanup))
  .extend('fileApp', { scope: 'file' }, async ({ startFileApp }) => startFileApp());

export const it = test;

/**
 * A scene shared by a file's tests: built once on the file's app (`startFileApp`) and handed to the
 * file's variables before each test, so a test that took a fresh app of its own (its file's
 * `fresh`) leaves the next one the shared scene again.
 *
 *   let t: TestApp; let menu: Menu;
 *   fileScene(async (app) => ({ t: app, menu: await seedMenu(app) }), (scene) => ({ t, menu } = scene));
 *
 * `options` start the file's app as `startApp`'s do (a frozen clock, short printer timings).
 */
export function fileScene<S>(build: (app: TestApp) => Promise<S>, use: (scene: S) => void, options: TestAppOptions = {}): void {
  let shared: S;
  test.beforeAll(async ({ startFileApp }) => {
    shared = await build(await startFileApp(options));
  });
  test.beforeEach(() => use(shared));
}
