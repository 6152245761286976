// The test API with a started app as a fixture, the way fastify/demo's build(t) registers its own
// teardown: a test names what it needs and reads as the behaviour it proves.
//
//   import { it } from '../helpers/fixtures.js';
//   it('lists the dishes', async ({ app: t }) => { … t.url … });       // one app, listening on port 0
//   it('with a short token', async ({ startApp }) => {
//     const t = await startApp({ env: { POS_ACCESS_TOKEN_TTL: '60' } });  // options, or a second app
//   });
//
// Both are closed (server, store, temporary data directory) when the test ends, pass or fail.
import { test as base } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';

/** Starts an app listening on port 0 (unless `listen: false`), closed when the test ends. */
export type StartApp = (options?: TestAppOptions) => Promise<TestApp>;

export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  .extend('startApp', async ({}, { onCleanup }): Promise<StartApp> => {
    const started: TestApp[] = [];
    // Closed newest first, each even when another fails to close.
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
  })
  .extend('app', async ({ startApp }) => startApp());

export const it = test;
