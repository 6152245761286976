// Two app instances behind one MongoDB: each follows the same change stream (here: recorded
// documents fed to each instance's fake stream) and pushes every change, once, to its own sockets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../../domain/accounts/tokens.js';
import type { Envelope } from '../../../realtime/events.js';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import type { MongoStore } from '../../../store/mongo/index.js';
import type { Store } from '../../../store/types.js';
import { MemoryStore } from '../../realtime/fakes/memory-store.js';
import { connectSio, sioIn, wsIn, type SioClient, type WsClient } from '../../realtime/helpers/clients.js';
import { settle } from '../fixtures/change-events-harness.js';
import { ORDER_ID, RICE_ID, RISOTTO_ID, recorded, type RecordedName } from '../fixtures/change-events.js';
import { streamFedStore, type StreamFedStore } from '../fixtures/two-stores.js';

const JWT_SECRET = 'instances-test-secret-long-enough-for-hs256';
const SALAD_ID = '674f1a2b3c4d5e6f70819102';
const STREAM: RecordedName[] = [
  'insertOrder',
  'updateOrderStatus',
  'updateStockInTransaction',
  'replaceDish',
  'insertUserFromMongosh',
  'deleteOrderWithPreImage',
];

/** Change events from the MongoStore's stream; documents read for routing from an in-memory copy. */
function followingTheStream(stream: MongoStore, data: MemoryStore): Store {
  return {
    kind: 'mongodb',
    collection: (name) => data.collection(name),
    transaction: (work) => data.transaction(work),
    onChange: (listener) => stream.onChange(listener),
    onResync: (listener) => stream.onResync(listener),
    // The documents are all there before the stream replays: nothing to wait for.
    settled: () => Promise.resolve(),
    ping: () => Promise.resolve(),
    close: () => stream.close(),
  };
}

/** The kitchen as the recorded stream leaves it: the two dishes of the order, the rice used up. */
async function kitchenData(): Promise<MemoryStore> {
  const data = new MemoryStore();
  const dish = { description: 'A dish.', category: 'Main Course' as const, image_name: 'dish', preparation_time: 10 };
  await data.collection('ingredients').insert({ id: RICE_ID, name: 'Arborio rice', in_stock_qty: 0, price: 0.35 });
  await data.collection('dishes').insert({
    ...dish,
    id: RISOTTO_ID,
    name: 'Risotto alla Milanese',
    price: 15.5,
    station: 'hot',
    ingredients: [{ ingredient_id: RICE_ID, is_essential: true }],
  });
  await data.collection('dishes').insert({ ...dish, id: SALAD_ID, name: 'Caprese', price: 9, station: 'cold', ingredients: [] });
  return data;
}

interface Instance {
  fed: StreamFedStore;
  app: FastifyInstance;
  expeditor: SioClient;
  hot: WsClient;
  menu: SioClient;
}

/** `data` stands for the one database both instances read; each has its own change stream on it. */
async function startInstance(dataDir: string, data: MemoryStore, token: string): Promise<Instance> {
  const fed = await streamFedStore();
  const config = loadConfig({ POS_DATA_DIR: dataDir, POS_SOCKET_MAX_PER_ADDRESS: '1000' });
  const app = await buildApp({ config, store: followingTheStream(fed.store, data), jwtSecret: JWT_SECRET });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const expeditor = await sioIn(url, `${url} expeditor`, token, ['expeditor']);
  const hot = await wsIn(url, `${url} station:hot`, token, ['station:hot']);
  const menu = await connectSio(url, `${url} menu`);
  await menu.subscribe(['menu']);
  return { fed, app, expeditor, hot, menu };
}

/** `type id`; a stock.updated names every ingredient it lists. */
const summary = (envelopes: readonly Envelope[]) =>
  envelopes.map(
    (e) =>
      `${e.type} ${e.type === 'stock.updated' ? e.data.ingredients.map((level) => level.id).join() : ((e.data as { id?: string }).id ?? '')}`,
  );
const dishIdsOf = (envelope: Envelope | undefined) => (envelope?.data as { dishes?: { id: string }[] }).dishes?.map((dish) => dish.id);

describe('two instances fed by one recorded change stream', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-instances-'));
  let instances: Instance[] = [];

  beforeAll(async () => {
    const data = await kitchenData();
    const chef = await data
      .collection('users')
      .insert({ user_name: 'chef1', email: 'chef1@example.com', role: 'chef', password_hash: 'unused' });
    // Signed as the app's own login signs it: same secret, same users; valid on either instance.
    const { access_token: token } = await new TokenService(data, {
      secret: JWT_SECRET,
      accessTtlSeconds: 900,
      refreshTtlSeconds: 3600,
      now: () => new Date(),
    }).issue(chef);
    instances = [await startInstance(dataDir, data, token), await startInstance(dataDir, data, token)];
    // One commit per document, in stream order, reaching every instance as the real stream would.
    for (const name of STREAM) {
      for (const { fed } of instances) fed.opener.current.push(recorded(name));
      await settle();
    }
    for (const { expeditor, hot, menu } of instances) {
      await expeditor.inbox.waitFor((e) => e.type === 'order.deleted', 'order.deleted');
      await hot.inbox.waitFor((e) => e.type === 'order.deleted', 'order.deleted');
      await menu.inbox.waitFor((e) => e.type === 'dish.updated', 'dish.updated');
    }
    // Room for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(async () => {
    for (const { app, expeditor, hot, menu } of instances) {
      expeditor.close();
      hot.close();
      menu.close();
      await app.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Stock goes to the menu room only (docs/realtime.md): kitchen rooms get their orders.
  it('each instance pushes every order change, once, to its own expeditor socket', () => {
    for (const { expeditor } of instances) {
      expect(summary(expeditor.inbox.envelopes)).toEqual([
        `order.created ${ORDER_ID}`,
        `order.updated ${ORDER_ID}`,
        `order.deleted ${ORDER_ID}`,
      ]);
    }
  });

  it('each instance pushes the hot station its orders with only the hot dishes, including the deletion, and its dish running out', () => {
    for (const { hot } of instances) {
      expect(summary(hot.inbox.envelopes)).toEqual([
        `order.created ${ORDER_ID}`,
        `order.updated ${ORDER_ID}`,
        `dish.availability ${RISOTTO_ID}`,
        `order.deleted ${ORDER_ID}`,
      ]);
      expect(dishIdsOf(hot.inbox.envelopes.find((e) => e.type === 'order.deleted'))).toEqual([RISOTTO_ID, RISOTTO_ID]);
    }
  });

  it('each instance tells its menu screens of the stock flip (dish.availability) and the dish change, once', () => {
    for (const { menu } of instances) {
      expect(summary(menu.inbox.envelopes)).toEqual([
        `stock.updated ${RICE_ID}`,
        `dish.availability ${RISOTTO_ID}`,
        `dish.updated ${RISOTTO_ID}`,
      ]);
      expect(menu.inbox.envelopes[1]?.data).toEqual({ id: RISOTTO_ID, is_available: false, portions_left: 0 });
    }
  });

  it('the two instances sent the same events, each numbering its own envelopes', () => {
    const [first, second] = instances;
    expect(first!.expeditor.inbox.envelopes.map((e) => e.data)).toEqual(second!.expeditor.inbox.envelopes.map((e) => e.data));
    for (const { expeditor } of instances) {
      const ids = expeditor.inbox.envelopes.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('each instance saved the stream position of the last event it delivered', () => {
    for (const { fed } of instances) expect(fed.tokens.token).toEqual(recorded('deleteOrderWithPreImage')._id);
  });
});
