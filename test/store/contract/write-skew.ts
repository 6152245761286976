// The store contract's promise that writes never interleave with a transaction, held where the
// rules check one thing and write another: deleting a dish against placing an order for it, and
// deleting an ingredient against a dish taking it up. One side is stopped right after its check
// while the other runs; whatever the store (SQLite serializes, MongoDB retries on a write
// conflict), exactly one side wins and no order or dish is left naming what was deleted.
import { describe, expect, it } from 'vitest';
import { createDish, changeDish, deleteDish } from '../../../domain/menu/dishes.js';
import { ProblemError } from '../../../domain/errors.js';
import { deleteIngredient } from '../../../domain/menu/ingredients.js';
import { OPEN_ORDERS } from '../../../domain/orders/menu-changes.js';
import { changeOrder, createOrder } from '../../../domain/orders/orders.js';
import type { Principal } from '../../../domain/accounts/principal.js';
import type { DishWrite } from '../../../models/dish.js';
import type { CollectionName, Store, StoreSession } from '../../../store/types.js';

const PATRON: Principal = { userId: '5f0000000000000000000001', userName: 'patron1', role: 'patron', expiresAt: Date.now() + 3_600_000 };
const now = () => new Date();
/** How long a stopped side waits for the other before going on (SQLite: the other cannot start). */
const WAIT_MS = 300;

type Outcome = { ok: true } | { ok: false; status: number };
const outcome = (work: Promise<unknown>): Promise<Outcome> =>
  work.then(
    () => ({ ok: true }),
    (error: unknown) => {
      if (error instanceof ProblemError) return { ok: false, status: error.status };
      throw error;
    },
  );

/**
 * `store` whose transactions stop once, right after the first `method` call on `collection`, until
 * `release()` (or WAIT_MS). `reached` resolves when they stop. A retried transaction does not stop.
 */
function stoppingAfter(store: Store, collection: CollectionName, method: 'find' | 'get' | 'getEach') {
  let armed = true;
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const session = (inner: StoreSession): StoreSession => ({
    collection: (name) => {
      const real = inner.collection(name);
      if (name !== collection) return real;
      return new Proxy(real, {
        get: (target, prop, receiver) => {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (prop !== method || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
          return async (...args: unknown[]) => {
            const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (armed) {
              armed = false;
              reached();
              await Promise.race([released, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
            }
            return result;
          };
        },
      });
    },
  });
  const stopping = new Proxy(store, {
    get: (target, prop) => {
      if (prop === 'transaction') return <R>(work: (s: StoreSession) => Promise<R>) => target.transaction((inner) => work(session(inner)));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: stopping, reached: reachedPromise, release: () => release() };
}

/** Runs `stopped` until its check, then `other` to its end (or WAIT_MS), then lets `stopped` go on. */
async function race(stop: ReturnType<typeof stoppingAfter>, stopped: () => Promise<unknown>, other: () => Promise<unknown>) {
  const first = outcome(stopped());
  await stop.reached;
  const second = outcome(other());
  await Promise.race([second, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
  stop.release();
  return { stopped: await first, other: await second };
}

async function menu(store: Store) {
  const rice = await store.collection('ingredients').insert({ name: 'Rice', in_stock_qty: 10, price: 1 });
  const saffron = await store.collection('ingredients').insert({ name: 'Saffron', in_stock_qty: 10, price: 4 });
  const body = (name: string, ...ids: string[]): DishWrite => ({
    name,
    description: 'A dish.',
    category: 'Main Course',
    image_name: 'dish',
    ingredients: ids.map((ingredient_id) => ({ ingredient_id, is_essential: true })),
    preparation_time: 10,
    price: 12,
    station: 'hot',
  });
  const risotto = await store.collection('dishes').insert(body('Risotto', rice.id));
  return { rice, saffron, risotto, body };
}

export function describeWriteSkew(store: () => Store): void {
  describe('check-then-write races (write skew)', () => {
    it('deleting a dish stopped after its open-order check, while an order for it is placed: one wins', async () => {
      const { risotto } = await menu(store());
      const stop = stoppingAfter(store(), 'orders', 'find');
      const result = await race(
        stop,
        () => deleteDish({ store: stop.store, now }, risotto.id),
        () => createOrder({ store: store(), now }, PATRON, { name: 'T1', dish_ids: [risotto.id] }),
      );
      const dishLeft = await store().collection('dishes').get(risotto.id);
      const orders = await store()
        .collection('orders')
        .find([{ field: 'dish_ids', op: 'eq', value: risotto.id }]);
      if (dishLeft)
        expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: false, status: 409 }, other: { ok: true }, orders: 1 });
      else expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: true }, other: { ok: false, status: 400 }, orders: 0 });
    });

    it('placing an order stopped after reading its dishes, while the dish is deleted: one wins', async () => {
      const { risotto } = await menu(store());
      const stop = stoppingAfter(store(), 'dishes', 'getEach');
      const result = await race(
        stop,
        () => createOrder({ store: stop.store, now }, PATRON, { name: 'T1', dish_ids: [risotto.id] }),
        () => deleteDish({ store: store(), now }, risotto.id),
      );
      const dishLeft = await store().collection('dishes').get(risotto.id);
      const orders = await store()
        .collection('orders')
        .find([{ field: 'dish_ids', op: 'eq', value: risotto.id }]);
      if (dishLeft)
        expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: true }, other: { ok: false, status: 409 }, orders: 1 });
      else expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: false, status: 400 }, other: { ok: true }, orders: 0 });
    });

    it('deleting an ingredient stopped after its dishes-using check, while a dish takes it up: one wins', async () => {
      const { saffron, body } = await menu(store());
      const stop = stoppingAfter(store(), 'dishes', 'find');
      const result = await race(
        stop,
        () => deleteIngredient({ store: stop.store, now }, saffron.id),
        () => createDish({ store: store(), now }, body('Paella', saffron.id)),
      );
      const left = await store().collection('ingredients').get(saffron.id);
      const users = await store()
        .collection('dishes')
        .find([{ field: 'ingredients.ingredient_id', op: 'eq', value: saffron.id }]);
      if (left) expect({ ...result, users: users.length }).toEqual({ stopped: { ok: false, status: 409 }, other: { ok: true }, users: 1 });
      else expect({ ...result, users: users.length }).toEqual({ stopped: { ok: true }, other: { ok: false, status: 400 }, users: 0 });
    });

    it.each(['created', 'changed'] as const)(
      'a dish %s with an ingredient, stopped after checking it exists, while it is deleted: one wins',
      async (how) => {
        const { saffron, risotto, body } = await menu(store());
        const stop = stoppingAfter(store(), 'ingredients', 'find');
        const write = () =>
          how === 'created'
            ? createDish({ store: stop.store, now }, body('Paella', saffron.id))
            : changeDish(
                { store: stop.store, now, openOrders: OPEN_ORDERS },
                risotto.id,
                { ingredients: body('', saffron.id).ingredients },
                false,
              );
        const result = await race(stop, write, () => deleteIngredient({ store: store(), now }, saffron.id));
        const left = await store().collection('ingredients').get(saffron.id);
        const users = await store()
          .collection('dishes')
          .find([{ field: 'ingredients.ingredient_id', op: 'eq', value: saffron.id }]);
        if (left)
          expect({ ...result, users: users.length }).toEqual({ stopped: { ok: true }, other: { ok: false, status: 409 }, users: 1 });
        else expect({ ...result, users: users.length }).toEqual({ stopped: { ok: false, status: 400 }, other: { ok: true }, users: 0 });
      },
    );

    it('an order swapping a dish for one of the same recipe, stopped after reading it, while that dish is deleted: one wins', async () => {
      const { rice, risotto, body } = await menu(store());
      const twin = await store().collection('dishes').insert(body('Risotto bianco', rice.id));
      const order = await createOrder({ store: store(), now }, PATRON, { name: 'T1', dish_ids: [risotto.id] });
      const stop = stoppingAfter(store(), 'dishes', 'getEach');
      const result = await race(
        stop,
        () => changeOrder({ store: stop.store, now }, PATRON, order.id, { dish_ids: [twin.id] }),
        () => deleteDish({ store: store(), now }, twin.id),
      );
      const dishLeft = await store().collection('dishes').get(twin.id);
      const orders = await store()
        .collection('orders')
        .find([{ field: 'dish_ids', op: 'eq', value: twin.id }]);
      if (dishLeft)
        expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: true }, other: { ok: false, status: 409 }, orders: 1 });
      else expect({ ...result, orders: orders.length }).toEqual({ stopped: { ok: false, status: 400 }, other: { ok: true }, orders: 0 });
    });

    it('swapping a dish for one of the same recipe writes its ingredients, as deleting that dish does (what makes MongoDB see the conflict)', async () => {
      const { rice, saffron, body } = await menu(store());
      const paella = await store()
        .collection('dishes')
        .insert(body('Paella', saffron.id, rice.id));
      const twin = await store()
        .collection('dishes')
        .insert(body('Paella valenciana', saffron.id, rice.id));
      const order = await createOrder({ store: store(), now }, PATRON, { name: 'T1', dish_ids: [paella.id] });
      await store().settled();
      const touched: string[] = [];
      const stop = store().onChange((event) => {
        if (event.collection === 'ingredients' && event.operation === 'update') touched.push(event.id);
      });
      await changeOrder({ store: store(), now }, PATRON, order.id, { dish_ids: [twin.id] });
      await store().settled();
      stop();
      expect(touched.sort()).toEqual([rice.id, saffron.id].sort());
      expect((await store().collection('ingredients').getEach([rice.id, saffron.id])).map((ingredient) => ingredient.in_stock_qty)).toEqual(
        [9, 9],
      );
    });

    it('deleting a dish and taking up an ingredient write the ingredient documents they depend on (what makes MongoDB see the conflict)', async () => {
      const { rice, saffron, risotto, body } = await menu(store());
      const touched: string[] = [];
      const stop = store().onChange((event) => {
        if (event.collection === 'ingredients' && event.operation === 'update') touched.push(event.id);
      });
      await createDish({ store: store(), now }, body('Paella', saffron.id, rice.id));
      await deleteDish({ store: store(), now }, risotto.id);
      await store().settled();
      stop();
      expect(touched).toEqual([rice.id, saffron.id].sort().concat(rice.id));
    });
  });
}
