// The domain's collaborators, built once per app: password hashing, tokens, the login throttle, the
// order scheduler and the menu reader. Routes reach the domain only through `app.pos`.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { withIdempotentWrites } from '../../domain/idempotency/idempotent-writes.js';
import { LoginThrottle } from '../../domain/accounts/login-throttle.js';
import { openMenu, type LiveMenu } from '../../domain/menu/menu.js';
import type { OpenOrders } from '../../domain/menu/open-orders.js';
import { OPEN_ORDERS } from '../../domain/orders/menu-changes.js';
import { KitchenBook } from '../../domain/views/kitchen-book.js';
import { KitchenQueues } from '../../domain/kitchen/kitchen-queues.js';
import { ExpectedTimes } from '../../domain/kitchen/expected-times.js';
import { OrderPages } from '../../domain/views/order-pages.js';
import { OrderScheduler } from '../../domain/orders/scheduler.js';
import { Passwords } from '../../domain/accounts/passwords.js';
import { ServiceRecords } from '../../domain/reports/service-records.js';
import { SettingsBook } from '../../domain/settings.js';
import { PrintDesk } from '../../domain/printers/desk.js';
import { DEFAULT_PRINT_TIMINGS, type PrintTimings } from '../../domain/printers/worker.js';
import type { Pacing } from '../../models/order.js';
import { TokenService } from '../../domain/accounts/tokens.js';
import { upgradeStoredData } from '../../domain/orders/upgrades.js';
import { ensureBootstrapManager, type UserDeps } from '../../domain/accounts/users.js';
import type { Store } from '../../store/types.js';
import type { Config } from '../config.js';

export interface PosServices extends UserDeps {
  throttle: LoginThrottle;
  scheduler: OrderScheduler;
  // The views kept in memory from the store's change events, on every store: each read awaits
  // store.settled() first, so none answers behind a write (README, "How it is built"; docs/mongodb.md).
  /** Dishes with their availability, and every dish and ingredient's stock. */
  menu: LiveMenu;
  /** What a menu write does to the open orders (their allergy alerts, their shortage marks): the orders' rules. */
  openOrders: OpenOrders;
  /** Order list pages kept as text. */
  orderPages: OrderPages;
  /** The orders in the kitchen, for the stations' queues, all-day counts and re-estimates: their one home. */
  kitchen: KitchenBook;
  /** The orders the kitchen report read, as their instants, until they change. */
  serviceRecords: ServiceRecords;
  /** The restaurant's settings as last committed, followed from the change feed (every store). */
  settings: SettingsBook;
  /** The pacing of an order placed without one: the settings' default_pacing. */
  defaultPacing: () => Pacing;
  /** Every station's queue and pace, for quotes and expected ready times (every store). */
  queues: KitchenQueues;
  /** Rewrites open orders' expected_ready_at when it moves by a minute or more. */
  expectedTimes: ExpectedTimes;
  /** The kitchen printers: their jobs, made from the change feed, and a worker each (docs/printers.md). */
  printing: PrintDesk;
}

declare module 'fastify' {
  interface FastifyInstance {
    pos: PosServices;
  }
}

export interface ServicesOptions {
  config: Config;
  store: Store;
  jwtSecret: string;
  now: () => Date;
  /** Start the background re-estimates of expected_ready_at (default true; AppOptions.reestimate). */
  reestimate?: boolean;
  /** The printers' retry, answer and takeover times (tests shorten them; AppOptions.printTimings). */
  printTimings?: Partial<PrintTimings>;
}

async function services(app: FastifyInstance, { config, store, jwtSecret, now, reestimate = true, printTimings }: ServicesOptions) {
  // Before anything reads the data: what earlier versions stored gets the shape this one expects.
  const upgraded = await upgradeStoredData(store);
  if (Object.keys(upgraded).length > 0) app.log.info({ upgraded }, 'stored data upgraded');
  const tokens = new TokenService(store, {
    secret: jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    now,
  });
  const settings = await SettingsBook.open(store);
  const kitchen = await KitchenBook.open(store);
  const queues = await KitchenQueues.open(store, now, kitchen);
  const menu = await openMenu(store);
  const scheduler = new OrderScheduler(store, now, app.log);
  const pos: PosServices = {
    // The domain's writes join a request's idempotency record; the scheduler, tokens and the menu
    // keep the plain store (their writes never answer a client's keyed request).
    store: withIdempotentWrites(store),
    now,
    tokens,
    passwords: new Passwords(config.bcryptRounds),
    // The plain store: a failed login is counted whatever becomes of the request.
    throttle: new LoginThrottle(
      store,
      config.loginMaxFailures,
      config.loginWindowSeconds * 1000,
      () => now().getTime(),
      (lock) =>
        app.log.warn(
          lock,
          `login throttled: ${lock.failures} failed logins for this ${lock.scope} within ${lock.window_seconds} ` +
            `s, locked for ${lock.lock_seconds} s; a manager can lift it (POST /users/{id}/unlock)`,
        ),
    ),
    scheduler,
    menu,
    openOrders: OPEN_ORDERS,
    orderPages: new OrderPages(store),
    kitchen,
    serviceRecords: new ServiceRecords(store),
    settings,
    defaultPacing: () => settings.current().default_pacing,
    queues,
    expectedTimes: new ExpectedTimes(store, queues, now, app.log, () => scheduler.poke()),
    printing: new PrintDesk({
      store,
      now,
      log: app.log,
      kitchen,
      printers: () => settings.current().printers,
      timeZone: () => settings.current().time_zone,
      dishes: () => menu.dishes(),
      timings: { ...DEFAULT_PRINT_TIMINGS, ...printTimings },
    }),
  };
  app.decorate('pos', pos);

  if (config.admin) {
    const outcome = await ensureBootstrapManager(pos, config.admin);
    app.log.info({ user_name: config.admin.userName, outcome }, 'bootstrap manager');
  }
  app.addHook('onReady', async () => {
    pos.scheduler.start();
    if (reestimate) pos.expectedTimes.start();
    await pos.printing.start();
  });
  app.addHook('onClose', async () => {
    await pos.printing.stop();
    pos.menu.close();
    pos.tokens.close();
    pos.orderPages.close();
    pos.serviceRecords.close();
    pos.settings.close();
    await pos.expectedTimes.stop();
    await pos.queues.close();
    pos.kitchen.close();
    await pos.scheduler.stop();
  });
}

export default fp(services, { name: 'pos-services', fastify: '5.x' });
