// Oversized and pathological input: huge bodies, deeply nested JSON, huge query parameters and
// headers are clean 4xx Problems, the server keeps serving, and idle half-sent requests are cut off.
import { connect, type Socket } from 'node:net';
import { describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { answerOf, expectProblemStatus, problemFault, PROBLEM_TYPE, snapshot } from './support.js';

const MIB = 1_048_576;

let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
// An app per test: what one refused request left behind is never the next test's starting point.
it.beforeEach(async ({ startApp }) => {
  t = await startApp();
  menu = await seedMenu(t, 5);
});

const json = { 'content-type': 'application/json' };

async function expectStillServing() {
  const health = await fetch(`${t.url}/health`);
  expect(health.status).toBe(200);
}

/** A raw HTTP exchange: what the server answered before closing, as text. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /\r\ncontent-type: ([^\r]+)/i.exec(head)?.[1];
  return { status, contentType, body };
}

describe('bodies over 1 MiB', () => {
  it('are a 413 Problem, through inject and over a real connection, and store nothing', async () => {
    const before = await snapshot(t.store);
    const big = JSON.stringify({ name: 'x'.repeat(MIB), in_stock_qty: 1, price: 1 });
    expectProblemStatus(await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', headers: json, payload: big }), 413);

    const response = await fetch(`${t.url}/ingredients`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${t.tokens.chef}` },
      body: big,
    });
    expect({
      status: response.status,
      fault: problemFault({
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        body: await response.text(),
      }),
    }).toEqual({ status: 413, fault: null });
    expect(await snapshot(t.store)).toEqual(before);
    await expectStillServing();
  });

  it('a body that lies about its length (chunked, no Content-Length) is cut at the limit too', async () => {
    const chunks = (async function* () {
      for (let sent = 0; sent <= MIB; sent += 64 * 1024)
        yield new TextEncoder().encode(`${sent === 0 ? '{"name":"' : ''}${'y'.repeat(64 * 1024)}`);
    })();
    const response = await fetch(`${t.url}/ingredients`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${t.tokens.chef}` },
      body: ReadableStream.from(chunks),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe(PROBLEM_TYPE);
    await expectStillServing();
  });
});

describe('deeply nested JSON', () => {
  const depth = 10_000;
  const cases: [string, string][] = [
    ['10 000 unclosed [', '['.repeat(depth)],
    ['10 000 balanced []', `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['100 000 balanced []', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['10 000 nested objects', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ['nesting inside a valid property', `{"name":${'['.repeat(depth)}${']'.repeat(depth)},"in_stock_qty":1,"price":1}`],
    ['nesting inside an extra property', `{"name":"x","in_stock_qty":1,"price":1,"extra":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`],
    ['10 000 nested __proto__ keys', `${'{"__proto__":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ];
  for (const [name, payload] of cases) {
    it(`${name}: a clean 400, no crash`, async () => {
      const before = await snapshot(t.store);
      const response = await fetch(`${t.url}/ingredients`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${t.tokens.chef}` },
        body: payload,
      });
      const body = await response.text();
      expect({
        status: response.status,
        fault: problemFault({ status: response.status, contentType: response.headers.get('content-type') ?? undefined, body }),
      }).toEqual({ status: 400, fault: null });
      expect(body).not.toMatch(/stack|RangeError|at .*\.js/);
      expect(await snapshot(t.store)).toEqual(before);
      await expectStillServing();
    });
  }

  it('deep nesting in an order’s dish_ids: 400', async () => {
    const payload = `{"name":"Ben","dish_ids":[${'['.repeat(depth)}"${menu.salad.id}"${']'.repeat(depth)}]}`;
    expectProblemStatus(await t.inject({ method: 'POST', url: '/orders', as: 'patron', headers: json, payload }), 400);
  });
});

describe('huge query parameters and headers', () => {
  it('fields over 1000 and filter over 2000 characters: 400', async () => {
    const fields = Array.from({ length: 250 }, () => 'name').join('|');
    const filter = Array.from({ length: 150 }, () => 'name.eq~abcdefghij').join('|');
    for (const url of [
      `/dishes?fields=${fields}`,
      `/dishes?filter=${encodeURIComponent(filter)}`,
      `/dishes/${menu.salad.id}?fields=${fields}`,
      `/orders?filter=${encodeURIComponent(filter)}`,
    ]) {
      const response = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${t.tokens.manager}` } });
      const problem = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        body: await response.text(),
      };
      expect([url.slice(0, 30), problem.status, problemFault(problem)]).toEqual([url.slice(0, 30), 400, null]);
    }
  });

  it('a filter with too many conditions or too many `in` values: 400', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `price.gt~${i}`).join('|');
    const values = Array.from({ length: 101 }, (_, i) => `v${i}`).join(',');
    for (const filter of [many, `name.in~${values}`]) {
      expectProblemStatus(await t.inject({ method: 'GET', url: `/dishes?filter=${encodeURIComponent(filter)}` }), 400);
    }
  });

  it('a request line or headers over 16 KiB: a 431 Problem, and the server keeps serving', async () => {
    const { host } = new URL(t.url);
    const longUrl = parseRaw(await rawExchange(t.url, `GET /dishes?filter=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
    const longHeader = parseRaw(
      await rawExchange(t.url, `GET /dishes HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    for (const answer of [longUrl, longHeader]) {
      expect({ status: answer.status, fault: problemFault(answer) }).toEqual({ status: 431, fault: null });
    }
    await expectStillServing();
  });

  it('bytes that are not HTTP: a 400 Problem', async () => {
    const answer = parseRaw(await rawExchange(t.url, 'HELLO THERE\r\n\r\n'));
    expect({ status: answer.status, fault: problemFault(answer) }).toEqual({ status: 400, fault: null });
  });

  it('a path id over the router’s 200-character limit is a malformed id: a 404 Problem', async () => {
    for (const url of [`/dishes/${'a'.repeat(5000)}`, `/orders/${'a'.repeat(201)}/dishes`, `/kds/${'x'.repeat(300)}`]) {
      const response = await t.inject({ method: 'GET', url, as: 'manager' });
      expect([url.slice(0, 12), response.statusCode, problemFault(answerOf(response))]).toEqual([url.slice(0, 12), 404, null]);
    }
  });

  it('a URL that is not validly percent-encoded: a 400 Problem', async () => {
    const response = await t.inject({ method: 'GET', url: '/dishes/%E0%A4%A' });
    expect([response.statusCode, problemFault(answerOf(response))]).toEqual([400, null]);
  });
});

describe('slow-loris: a half-sent request that then idles', () => {
  let slow: TestApp;
  it.beforeEach(async ({ startApp }) => {
    slow = await startApp({ env: { POS_CONNECTION_TIMEOUT_MS: '500', POS_REQUEST_TIMEOUT_MS: '1000' } });
  });

  it('is closed by the server within the configured timeout (bound: 10 s)', async () => {
    const { hostname, port, host } = new URL(slow.url);
    const sockets: Socket[] = [];
    try {
      const closedAfter = await Promise.all(
        Array.from(
          { length: 5 },
          () =>
            new Promise<number>((resolve, reject) => {
              const socket = connect({ host: hostname, port: Number(port) });
              sockets.push(socket);
              const started = Date.now();
              socket.on('error', () => {});
              socket.on('close', () => resolve(Date.now() - started));
              socket.on('connect', () =>
                socket.write(`POST /orders HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`),
              );
              setTimeout(() => reject(new Error('the server kept an idle half-sent request open for 10 s')), 10_000).unref();
            }),
        ),
      );
      expect(closedAfter.every((ms) => ms < 10_000)).toBe(true);
      // Every held socket is gone and the server still answers.
      expect((await fetch(`${slow.url}/health`)).status).toBe(200);
    } finally {
      sockets.forEach((socket) => socket.destroy());
    }
  });

  it('an idle connection that never sends anything is closed too', async () => {
    const { hostname, port } = new URL(slow.url);
    const socket = connect({ host: hostname, port: Number(port) });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('error', () => {});
        socket.on('close', () => resolve());
        setTimeout(() => reject(new Error('an idle connection stayed open for 10 s')), 10_000).unref();
      });
    } finally {
      socket.destroy();
    }
  });
});
