// Operator and query injection: `{"$gt": ""}`, SQL fragments and prototype keys are data or a 400,
// never a query operator, wherever they are sent (login, filters, sort, fields, path ids, bodies).
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import type { Role } from '../../../models/user.js';
import { expectProblemStatus, snapshot } from './support.js';

const OPERATOR = { $gt: '' };
const OPERATOR_TEXT = '{"$gt":""}';
const SQL = ["' OR '1'='1", "x') OR 1=1 --", '"; DROP TABLE dishes; --', '%', '_', '*', '.*', '\\', "' UNION SELECT doc FROM users --"];

// One app and menu for the file: every injection is refused or matches nothing and leaves the
// store as it was (the one ingredient a test stores is found by its own id). The test that counts
// every dish starts a fresh app with its own menu (`fresh`).
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
fileScene(
  async (app) => ({ t: app, menu: await seedMenu(app) }),
  (scene) => ({ t, menu } = scene),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
  menu = await seedMenu(t);
}

async function unchangedBy(request: Parameters<TestApp['inject']>[0]) {
  // A wrong password is counted for the login throttle (login_failures): its bookkeeping, no data.
  const data = async () => ({ ...(await snapshot(t.store)), login_failures: undefined });
  const before = await data();
  const response = await t.inject(request);
  expect(await data()).toEqual(before);
  return response;
}

const basic = (userName: string, password: string) => `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`;

describe('login', () => {
  it('an operator as user_name or password in the JSON body is a 400, never a match', async () => {
    for (const payload of [
      { grant_type: 'password', user_name: OPERATOR, password: PASSWORD },
      { grant_type: 'password', user_name: 'manager1', password: OPERATOR },
      { grant_type: 'password', user_name: OPERATOR, password: OPERATOR },
      { grant_type: 'password', user_name: { $ne: null }, password: { $ne: null } },
      { grant_type: 'password', user_name: ['manager1'], password: [PASSWORD] },
    ]) {
      expectProblemStatus(await unchangedBy({ method: 'POST', url: '/auth/token', payload }), 400);
    }
  });

  it('operator text and SQL fragments as credentials are wrong credentials: 401', async () => {
    for (const text of [OPERATOR_TEXT, ...SQL.slice(0, 3)]) {
      for (const [userName, password] of [
        [text, PASSWORD],
        ['manager1', text],
        [text, text],
      ] as const) {
        const response = await unchangedBy({
          method: 'POST',
          url: '/auth/token',
          headers: { authorization: basic(userName, password), 'x-forwarded-for': '10.9.9.9' },
        });
        expect([200, 201]).not.toContain(response.statusCode);
        expect([401, 429]).toContain(response.statusCode);
        expectProblemStatus(response, response.statusCode);
      }
    }
  });
});

describe('filter values are data', () => {
  const names = async (url: string) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: { name: string }[] }>().results.map((dish) => dish.name);
  };
  const q = (filter: string) => `/dishes?filter=${encodeURIComponent(filter)}&fields=name`;

  it('an operator as a value matches only that literal text', async ({ startApp }) => {
    await fresh(startApp);
    expect(await names(q(`name.eq~${OPERATOR_TEXT}`))).toEqual([]);
    expect(await names(q(`name.ne~${OPERATOR_TEXT}`))).toHaveLength(3);
    expect(await names(q(`name.in~${OPERATOR_TEXT},{"$ne":null}`))).toEqual([]);
    expect(await names(q(`id.eq~{"$ne":null}`))).toEqual([]);
    expect(await names(q(`ingredients.ingredient_id.eq~${OPERATOR_TEXT}`))).toEqual([]);
    expect(await names(q(`description.contains~${OPERATOR_TEXT}`))).toEqual([]);
  });

  it('SQL fragments and wildcards match only literally', async () => {
    for (const text of SQL) {
      expect([text, await names(q(`name.eq~${text}`))]).toEqual([text, []]);
      expect([text, await names(q(`name.contains~${text}`))]).toEqual([text, []]);
    }
    // The control: a real substring still matches.
    expect(await names(q('name.contains~STEA'))).toEqual(['Steak']);
  });

  it('a literal value containing an operator is found when it is stored', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: OPERATOR_TEXT, in_stock_qty: 1, price: 1 },
    });
    expect(created.statusCode).toBe(201);
    const found = await t.inject({ method: 'GET', url: `/ingredients?filter=${encodeURIComponent(`name.eq~${OPERATOR_TEXT}`)}` });
    expect(found.json<{ results: { id: string }[] }>().results.map((item) => item.id)).toEqual([created.json<{ id: string }>().id]);
  });

  it('operators and SQL on typed fields are a 400', async () => {
    for (const filter of [
      `price.gt~${OPERATOR_TEXT}`,
      'price.gt~0 OR 1=1',
      `is_available.eq~${OPERATOR_TEXT}`,
      `category.eq~${SQL[0]}`,
      'created_at.gt~1 OR 1=1',
    ]) {
      expectProblemStatus(await t.inject({ method: 'GET', url: `/dishes?filter=${encodeURIComponent(filter)}` }), 400);
    }
  });

  it('property names, sort keys and field lists never reach the query text', async () => {
    for (const query of [
      `sort=${encodeURIComponent('name; DROP TABLE dishes')}`,
      `sort=${encodeURIComponent("json_extract(doc, '$.price')")}`,
      'sort=__proto__',
      'sort=constructor',
      `fields=${encodeURIComponent('name,(SELECT 1)')}`,
      'fields=__proto__',
      'fields=toString',
      `filter=${encodeURIComponent('__proto__.eq~x')}`,
      `filter=${encodeURIComponent("name') OR 1=1 --.eq~x")}`,
      `filter=${encodeURIComponent('constructor.prototype.eq~x')}`,
      'order=desc;DROP',
    ]) {
      expectProblemStatus(await unchangedBy({ method: 'GET', url: `/dishes?${query}` }), 400);
    }
  });

  it('a patron cannot widen its own orders with an injected condition', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `/orders?filter=${encodeURIComponent(`name.ne~${OPERATOR_TEXT}|owner_id.ne~x`)}`,
      as: 'patron',
    });
    expectProblemStatus(response, 400);
  });
});

describe('ids', () => {
  const idTexts = [
    OPERATOR_TEXT,
    '{"$ne":null}',
    "' OR 1=1 --",
    'aaaaaaaaaaaaaaaaaaaaaaa%',
    '*',
    '..%2F..%2Fetc%2Fpasswd',
    '__proto__',
    'constructor',
    ' aaaaaaaaaaaaaaaaaaaaaaaa',
  ];
  const routes: [string, Role, Record<string, unknown>][] = [
    ['dishes', 'chef', { name: 'x' }],
    ['ingredients', 'chef', { in_stock_delta: 1 }],
    ['orders', 'manager', { table_number: 1 }],
    ['users', 'manager', { email: 'x@example.com' }],
  ];

  it('operator-shaped or injected ids in the path are a 404 on every method, and nothing changes', async () => {
    for (const [resource, as, payload] of routes) {
      for (const id of idTexts) {
        const url = `/${resource}/${encodeURIComponent(id)}`;
        for (const method of ['GET', 'DELETE'] as const) {
          expect([url, method, (await unchangedBy({ method, url, as })).statusCode]).toEqual([url, method, 404]);
        }
        const patch = await unchangedBy({ method: 'PATCH', url, as, payload });
        expect([url, patch.statusCode]).toEqual([url, 404]);
      }
    }
  });

  it('operators as ids in bodies are a 400, and nothing changes', async () => {
    const bodies: [string, Role, Record<string, unknown>][] = [
      ['/orders', 'patron', { name: 'Ben', dish_ids: [OPERATOR] }],
      ['/orders', 'patron', { name: 'Ben', dish_ids: OPERATOR }],
      ['/orders', 'patron', { name: 'Ben', dish_ids: [OPERATOR_TEXT] }],
      ['/orders', 'patron', { name: 'Ben', dish_ids: ["' OR 1=1 --", menu.salad.id] }],
      [
        '/dishes',
        'chef',
        {
          name: 'X',
          description: 'x',
          category: 'Dessert',
          image_name: 'x',
          preparation_time: 1,
          price: 1,
          station: 'cold',
          ingredients: [{ ingredient_id: OPERATOR, is_essential: true }],
        },
      ],
      [
        '/dishes',
        'chef',
        {
          name: 'X',
          description: 'x',
          category: 'Dessert',
          image_name: 'x',
          preparation_time: 1,
          price: 1,
          station: 'cold',
          ingredients: [{ ingredient_id: OPERATOR_TEXT, is_essential: true }],
        },
      ],
    ];
    for (const [url, as, payload] of bodies) {
      expectProblemStatus(await unchangedBy({ method: 'POST', url, as, payload }), 400);
    }
  });
});

describe('prototype pollution', () => {
  it('__proto__ and constructor.prototype in a body are a 400, and Object.prototype stays clean', async () => {
    const user = { user_name: 'polly', email: 'polly@example.com', password: PASSWORD, role: 'patron' };
    for (const text of [
      JSON.stringify(user).replace('{', '{"__proto__":{"role":"manager","isAdmin":true},'),
      JSON.stringify(user).replace('{', '{"constructor":{"prototype":{"role":"manager"}},'),
    ]) {
      const response = await unchangedBy({ method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, payload: text });
      expectProblemStatus(response, 400);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
