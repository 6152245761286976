// GET/PUT/PATCH /settings: defaults, who may read and change them, validation that names the field,
// the copy every instance keeps in memory, and `settings.updated` to every staff room only.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { SettingsBook } from '../../domain/settings.js';
import { SETTINGS_ID } from '../../models/settings.js';
import type { Envelope } from '../../realtime/events.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../helpers/menu.js';
import { openScreens, type Screens } from '../realtime/helpers/screens.js';

const DEFAULTS = {
  time_zone: 'UTC',
  default_pacing: 'at_once',
  max_wait_minutes: null,
  low_portions: 10,
  staffing: { cold: null, hot: null, beverages: null },
  course_gap_minutes: null,
  language: 'en',
  currency: 'USD',
  printers: [],
  updated_at: null,
};

describe('settings over HTTP', () => {
  it('answers the defaults before any change, to the kitchen staff only', async ({ app: t }) => {
    for (const role of ['chef', 'expeditor', 'manager'] as const) {
      const response = await t.inject({ method: 'GET', url: '/settings', as: role });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual(DEFAULTS);
    }
    expect((await t.inject({ method: 'GET', url: '/settings', as: 'patron' })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/settings' })).statusCode).toBe(401);
  });

  it('PATCH changes the fields given, PUT resets the ones it leaves out; both stored and kept in memory', async ({ app: t }) => {
    const patched = await t.inject({
      method: 'PATCH',
      url: '/settings',
      as: 'manager',
      payload: { time_zone: 'Asia/Kolkata', max_wait_minutes: 40 },
    });
    expect(patched.statusCode).toBe(200);
    const after = { ...DEFAULTS, time_zone: 'Asia/Kolkata', max_wait_minutes: 40, updated_at: t.clock.now().toISOString().slice(0, 10) };
    expect({ ...patched.json(), updated_at: patched.json().updated_at.slice(0, 10) }).toStrictEqual(after);
    const again = await t.inject({
      method: 'PATCH',
      url: '/settings',
      as: 'manager',
      payload: { low_portions: 3, default_pacing: 'courses' },
    });
    expect(again.json()).toMatchObject({ time_zone: 'Asia/Kolkata', max_wait_minutes: 40, low_portions: 3, default_pacing: 'courses' });
    expect((await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json()).toStrictEqual(again.json());

    const replaced = await t.inject({ method: 'PUT', url: '/settings', as: 'manager', payload: { time_zone: 'Europe/Berlin' } });
    expect(replaced.statusCode).toBe(200);
    expect({ ...replaced.json(), updated_at: null }).toStrictEqual({ ...DEFAULTS, time_zone: 'Europe/Berlin' });
    expect(await t.store.collection('settings').find([])).toHaveLength(1);
  });

  it('only managers change them', async ({ app: t }) => {
    for (const role of ['patron', 'chef', 'expeditor'] as const) {
      expect((await t.inject({ method: 'PATCH', url: '/settings', as: role, payload: { low_portions: 1 } })).statusCode).toBe(403);
      expect((await t.inject({ method: 'PUT', url: '/settings', as: role, payload: {} })).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'PATCH', url: '/settings', payload: { low_portions: 1 } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json()).toStrictEqual(DEFAULTS);
  });

  it.for([
    [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
    [{ time_zone: '+05:30' }, 'time_zone'],
    [{ time_zone: '' }, 'time_zone'],
    [{ default_pacing: 'whenever' }, 'default_pacing'],
    [{ max_wait_minutes: 0 }, 'max_wait_minutes'],
    [{ max_wait_minutes: -5 }, 'max_wait_minutes'],
    [{ max_wait_minutes: '30' }, 'max_wait_minutes'],
    [{ low_portions: -1 }, 'low_portions'],
    [{ low_portions: 2.5 }, 'low_portions'],
    [{ staffing: { hot: 0 } }, 'staffing.hot'],
    [{ staffing: { cold: 21 } }, 'staffing.cold'],
    [{ staffing: { grill: 2 } }, 'staffing.grill'],
    [{ course_gap_minutes: 121 }, 'course_gap_minutes'],
    [{ course_gap_minutes: -1 }, 'course_gap_minutes'],
    [{ time_zon: 'UTC' }, 'time_zon'],
    [{ updated_at: '2026-01-01T00:00:00.000Z' }, 'updated_at'],
  ] as [Record<string, unknown>, string][])(
    'refuses %j with a 400 naming %s, and changes nothing',
    async ([payload, field], { app: t }) => {
      for (const method of ['PATCH', 'PUT'] as const) {
        const response = await t.inject({ method, url: '/settings', as: 'manager', payload });
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
        expect(response.json().detail).toContain(field);
      }
      expect((await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json()).toStrictEqual(DEFAULTS);
    },
  );

  it('default_pacing paces the orders placed without a pacing of their own, and only those', async ({ app: t }) => {
    const rice = await addIngredient(t, 'Rice', 100);
    const uses = [{ ingredient_id: rice.id, is_essential: true }];
    const salad = await addDish(t, { name: 'Salad', station: 'cold', category: 'Appetizer', preparation_time: 5, ingredients: uses });
    const risotto = await addDish(t, { name: 'Risotto', station: 'hot', category: 'Main Course', preparation_time: 18, ingredients: uses });
    expect((await placeOrder(t, [salad.id, risotto.id])).pacing).toBe('at_once');
    expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { default_pacing: 'together' } })).statusCode).toBe(
      200,
    );
    const paced = await placeOrder(t, [salad.id, risotto.id]);
    expect(paced.pacing).toBe('together');
    // Together: the 5-minute salad is held until 13 minutes from now, the risotto fires at once.
    expect(paced.tickets.map((ticket) => [ticket.station, ticket.status])).toEqual([
      ['cold', 'Draft'],
      ['hot', 'Received'],
    ]);
    expect((await placeOrder(t, [salad.id, risotto.id], 'patron', { pacing: 'at_once' })).pacing).toBe('at_once');
  });

  it("under a courses default a takeaway is paced together, and an order without a gap takes the settings' course_gap_minutes", async ({
    app: t,
  }) => {
    const rice = await addIngredient(t, 'Rice', 100);
    const uses = [{ ingredient_id: rice.id, is_essential: true }];
    const salad = await addDish(t, { name: 'Salad', station: 'cold', category: 'Appetizer', preparation_time: 5, ingredients: uses });
    const risotto = await addDish(t, { name: 'Risotto', station: 'hot', category: 'Main Course', preparation_time: 18, ingredients: uses });
    const patch = await t.inject({
      method: 'PATCH',
      url: '/settings',
      as: 'manager',
      payload: { default_pacing: 'courses', course_gap_minutes: 7.5 },
    });
    expect(patch.json()).toMatchObject({ default_pacing: 'courses', course_gap_minutes: 7.5 });
    const atTable = await placeOrder(t, [salad.id, risotto.id]);
    expect([atTable.pacing, atTable.course_gap_minutes]).toStrictEqual(['courses', 7.5]);
    const takeaway = await placeOrder(t, [salad.id, risotto.id], 'patron', { table_number: null });
    expect([takeaway.pacing, takeaway.course_gap_minutes]).toStrictEqual(['together', 7.5]);
    const ownGap = await placeOrder(t, [salad.id, risotto.id], 'patron', { course_gap_minutes: null, pacing: 'courses' });
    expect([ownGap.pacing, ownGap.course_gap_minutes]).toStrictEqual(['courses', null]);
  });

  it('accepts IANA links and zones with half-hour offsets, and an empty PATCH is a 400', async ({ app: t }) => {
    for (const time_zone of ['Asia/Kolkata', 'Asia/Calcutta', 'America/St_Johns', 'Etc/GMT+5', 'UTC']) {
      const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { time_zone } });
      expect(response.statusCode).toBe(200);
      expect(response.json().time_zone).toBe(time_zone);
    }
    expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: {} })).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: null } })).json().max_wait_minutes,
    ).toBeNull();
  });

  it('keeps the stored settings across a restart, and the copy in memory follows every write', async ({ dataDir, startApp }) => {
    const t = await startApp({ dataDir });
    await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { time_zone: 'Europe/Berlin', low_portions: 4 } });
    await t.close();
    const store = openSqliteStore({ dataDir });
    const book = await SettingsBook.open(store);
    try {
      expect(book.current()).toMatchObject({ time_zone: 'Europe/Berlin', low_portions: 4 });
      // The book follows writes as they commit, whoever makes them.
      await store.collection('settings').update(SETTINGS_ID, { set: { max_wait_minutes: 25 } });
      expect(book.current()).toMatchObject({ time_zone: 'Europe/Berlin', low_portions: 4, max_wait_minutes: 25 });
      await store.collection('settings').delete(SETTINGS_ID);
      expect(book.current()).toStrictEqual(DEFAULTS);
    } finally {
      book.close();
      await store.close();
    }
  });
});

describe('settings.updated', () => {
  let t: TestApp;
  let screens: Screens;
  it.beforeEach(async ({ app }) => {
    t = app;
  });
  afterEach(async () => {
    screens?.close();
  });

  it('reaches every staff room on both transports, and not the menu', async () => {
    screens = await openScreens(t);
    const changed = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: 30 } });
    await screens.fence();
    const updates = (screen: Screens['all'][number]) =>
      screen.inbox.envelopes.filter((e: Envelope) => e.type === 'settings.updated').map((e) => e.data);
    for (const room of ['station:cold', 'station:hot', 'station:beverages', 'expeditor'] as const) {
      for (const screen of screens.byRoom[room]) expect(updates(screen)).toStrictEqual([changed.json()]);
    }
    for (const screen of screens.byRoom.menu) expect(updates(screen)).toStrictEqual([]);
  });
});
