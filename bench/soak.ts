// `npx tsx bench/soak.ts`: mixed traffic held for two minutes against the production server on
// 127.0.0.1 — menu and order reads, orders placed and moved through the kitchen, stock changes —
// with 200 realtime screens connected. Counts requests, errors, latencies, events and the server's
// memory; writes bench/results/soak.json and soak.md. Bounded in time and in requests; stops itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectIo, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

const DURATION_MS = Number(process.env.SOAK_SECONDS ?? 120) * 1000;
/** Results go to bench/results/<SOAK_NAME>.{json,md}. */
const NAME = process.env.SOAK_NAME ?? 'soak';
/** The server's socket.io recovery window (POS_RECOVERY_WINDOW passes through to it). */
const RECOVERY_WINDOW_S = Number(process.env.POS_RECOVERY_WINDOW || 120);
const MAX_REQUESTS = 400_000;
const WORKERS = 12;
const SOCKETS = { socketio: 150, ws: 50 };
const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = join(ROOT, 'bench/results');
const PASSWORD = 'Soak@Test1!';
const MIB = 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, HOST, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const port = await freePort();
const base = `http://${HOST}:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pos-soak-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST,
    POS_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    POS_ADMIN_USER_NAME: 'soak_manager',
    POS_ADMIN_PASSWORD: PASSWORD,
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErrors = '';
server.stderr.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()));
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
// Whatever happens, the child never outlives the run.
const hardStop = setTimeout(() => server.kill('SIGKILL'), DURATION_MS + 120_000).unref();

const latencies: number[] = [];
const counts = { requests: 0, errors: 0, ordersPlaced: 0, statusMoves: 0, stockChanges: 0, reads: 0 };
const errorSamples: string[] = [];

async function request<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<T | null> {
  const started = performance.now();
  counts.requests++;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (response.status !== expected) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as T) : null;
  } catch (error) {
    counts.errors++;
    if (errorSamples.length < 10) errorSamples.push((error as Error).message);
    return null;
  }
}
const login = async (user_name: string) =>
  (await request<{ access_token: string }>('POST', '/auth/token', null, { grant_type: 'password', user_name, password: PASSWORD }))
    ?.access_token ?? '';

const sockets: { close(): void }[] = [];
let events = 0;
try {
  for (let ready = false, tries = 0; !ready; tries++) {
    if (tries > 300 || server.exitCode !== null) throw new Error(`the server did not start:\n${serverErrors}`);
    ready = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await sleep(100);
  }

  // The restaurant: stock, a menu at every station, staff and patrons.
  const manager = await login('soak_manager');
  const ingredients: string[] = [];
  for (const name of ['Flour', 'Tomato', 'Basil', 'Lettuce', 'Lemon', 'Beef'])
    ingredients.push((await request<{ id: string }>('POST', '/ingredients', manager, { name, in_stock_qty: 1e7, price: 1 }))!.id);
  const dishes: string[] = [];
  for (const [i, station] of ['hot', 'hot', 'cold', 'cold', 'beverages', 'beverages'].entries()) {
    const dish = await request<{ id: string }>('POST', '/dishes', manager, {
      name: `Dish ${i}`,
      description: 'On the menu',
      category: 'Main Course',
      image_name: `dish-${i}`,
      preparation_time: 5 + i,
      price: 10 + i,
      station,
      ingredients: [
        { ingredient_id: ingredients[i]!, is_essential: true },
        { ingredient_id: ingredients[(i + 1) % 6]!, is_essential: false },
      ],
    });
    dishes.push(dish!.id);
  }
  const staff = async (user_name: string, role: string) => {
    await request('POST', '/users', manager, { user_name, email: `${user_name}@example.com`, password: PASSWORD, role });
    return login(user_name);
  };
  const chef = await staff('soak_chef', 'chef');
  const expeditor = await staff('soak_expeditor', 'expeditor');
  const patrons: string[] = [];
  for (let i = 0; i < 20; i++) patrons.push(await staff(`soak_patron_${i}`, 'patron'));
  if (counts.errors > 0) throw new Error(`setup failed: ${errorSamples.join('; ')}`);

  // 200 screens: KDS and expeditor boards (staff tokens) and menu boards (anonymous).
  const rooms = [['station:hot'], ['station:cold'], ['station:beverages'], ['expeditor'], ['menu']];
  for (let i = 0; i < SOCKETS.socketio; i++) {
    const room = rooms[i % rooms.length]!;
    const client: Socket = connectIo(base, {
      transports: ['websocket'],
      auth: room[0] === 'menu' ? {} : { token: i % 2 ? chef : expeditor },
    });
    client.onAny(() => events++);
    client.on('connect', () => client.emit('subscribe', { rooms: room }, () => {}));
    sockets.push(client);
  }
  for (let i = 0; i < SOCKETS.ws; i++) {
    const room = rooms[i % rooms.length]!;
    const client = new WebSocket(`ws://${HOST}:${port}/ws`, room[0] === 'menu' ? {} : { headers: { authorization: `Bearer ${chef}` } });
    client.on('open', () => client.send(JSON.stringify({ type: 'subscribe', rooms: room })));
    client.on('message', () => events++);
    client.on('error', (error) => errorSamples.length < 10 && errorSamples.push(`ws: ${error.message}`));
    sockets.push(client);
  }
  await sleep(2000);

  // The shift: each worker loops over a mix until the time or the request budget runs out.
  const received: string[] = [];
  const inProgress: string[] = [];
  const samples: { atSeconds: number; rssMiB: number }[] = [];
  const startedAt = Date.now();
  const deadline = startedAt + DURATION_MS;
  const sampler = setInterval(
    () => samples.push({ atSeconds: Math.round((Date.now() - startedAt) / 1000), rssMiB: Math.round(rss() / MIB) }),
    10_000,
  );
  samples.push({ atSeconds: 0, rssMiB: Math.round(rss() / MIB) });
  const eventsAtStart = events;

  const worker = async (w: number) => {
    for (let step = 0; Date.now() < deadline && counts.requests < MAX_REQUESTS; step++) {
      const patron = patrons[(w + step) % patrons.length]!;
      switch (step % 10) {
        case 0: {
          const order = await request<{ id: string }>('POST', '/orders', patron, {
            name: `T${w}_${step}`,
            dish_ids: [dishes[step % 6]!, dishes[(step + w) % 6]!],
            table_number: w,
          });
          if (order) {
            counts.ordersPlaced++;
            received.push(order.id);
          }
          break;
        }
        case 3: {
          const id = received.shift();
          if (id && (await request('PATCH', `/orders/${id}`, chef, { status: 'In Progress' }))) {
            counts.statusMoves++;
            inProgress.push(id);
          }
          break;
        }
        case 6: {
          const id = inProgress.shift();
          if (
            id &&
            (await request('PATCH', `/orders/${id}`, chef, { status: 'Ready for Assembly' })) &&
            (await request('PATCH', `/orders/${id}`, expeditor, { status: 'Ready for Pickup', priority: 1 }))
          )
            counts.statusMoves += 2;
          break;
        }
        case 8:
          if (await request('PATCH', `/ingredients/${ingredients[step % 6]}`, manager, { in_stock_delta: 1 })) counts.stockChanges++;
          break;
        default: {
          const reads = [
            `/dishes?filter=is_available.eq~true&fields=id|name|price`,
            '/orders?filter=status.eq~Received&sort=priority&limit=10',
            '/ingredients?sort=name',
            `/dishes/${dishes[step % 6]}`,
          ];
          if (await request('GET', reads[step % reads.length]!, step % 2 ? chef : null)) counts.reads++;
        }
      }
    }
  };
  const middle = setTimeout(
    () => samples.push({ atSeconds: Math.round((Date.now() - startedAt) / 1000), rssMiB: Math.round(rss() / MIB) }),
    DURATION_MS / 2,
  );
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  clearInterval(sampler);
  clearTimeout(middle);
  const elapsedS = (Date.now() - startedAt) / 1000;
  await sleep(1000);
  samples.sort((a, b) => a.atSeconds - b.atSeconds);
  if (samples.at(-1)!.atSeconds < Math.round(elapsedS)) samples.push({ atSeconds: Math.round(elapsedS), rssMiB: Math.round(rss() / MIB) });

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
  const connected = sockets.filter((s) => (s instanceof WebSocket ? s.readyState === WebSocket.OPEN : (s as Socket).connected)).length;
  const rssStart = samples[0]!.rssMiB;
  const rssMiddle = samples.reduce((best, s) =>
    Math.abs(s.atSeconds - elapsedS / 2) < Math.abs(best.atSeconds - elapsedS / 2) ? s : best,
  ).rssMiB;
  const rssEnd = samples.at(-1)!.rssMiB;
  // Every broadcast is kept for the recovery window, so memory may rise until the window is full;
  // flat means no growth after that (or over the second half, if the run is shorter).
  const settledFrom = Math.min(RECOVERY_WINDOW_S + 20, elapsedS / 2);
  const settled = samples.filter((sample) => sample.atSeconds >= settledFrom);
  const afterWindow = {
    fromSeconds: settled[0]?.atSeconds ?? 0,
    fromMiB: settled[0]?.rssMiB ?? rssEnd,
    minMiB: Math.min(...settled.map((sample) => sample.rssMiB)),
    maxMiB: Math.max(...settled.map((sample) => sample.rssMiB)),
    endMiB: rssEnd,
  };
  const result = {
    recoveryWindowSeconds: RECOVERY_WINDOW_S,
    date: new Date().toISOString(),
    durationSeconds: Math.round(elapsedS),
    workers: WORKERS,
    sockets: { ...SOCKETS, connectedAtEnd: connected },
    requests: counts.requests,
    requestsPerSecond: Math.round(counts.requests / elapsedS),
    errors: counts.errors,
    errorSamples,
    mix: { reads: counts.reads, ordersPlaced: counts.ordersPlaced, statusMoves: counts.statusMoves, stockChanges: counts.stockChanges },
    latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99), max: Number((sorted.at(-1) ?? 0).toFixed(1)) },
    eventsReceived: events - eventsAtStart,
    rssMiB: { start: rssStart, middle: rssMiddle, end: rssEnd, afterWindow, samples },
    serverStderr: serverErrors.trim().split('\n').filter(Boolean).slice(0, 5),
  };
  writeFileSync(join(RESULTS, `${NAME}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(RESULTS, `${NAME}.md`), markdown(result));
  console.log(
    `soak: ${result.requests} requests in ${result.durationSeconds} s (${result.requestsPerSecond}/s), ` +
      `${result.errors} errors, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
      `${result.eventsReceived} events on ${connected} sockets, RSS ${rssStart} → ${rssMiddle} → ${rssEnd} ` +
      `MiB; from ${afterWindow.fromSeconds} s ${afterWindow.minMiB}–${afterWindow.maxMiB} MiB`,
  );
  process.exitCode = result.errors === 0 && connected === SOCKETS.socketio + SOCKETS.ws ? 0 : 1;
} finally {
  sockets.forEach((socket) => socket.close());
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  clearTimeout(hardStop);
  rmSync(dataDir, { recursive: true, force: true });
}

function markdown(r: {
  recoveryWindowSeconds: number;
  date: string;
  durationSeconds: number;
  workers: number;
  sockets: { socketio: number; ws: number; connectedAtEnd: number };
  requests: number;
  requestsPerSecond: number;
  errors: number;
  mix: Record<string, number>;
  latencyMs: Record<string, number>;
  eventsReceived: number;
  rssMiB: {
    start: number;
    middle: number;
    end: number;
    afterWindow: { fromSeconds: number; fromMiB: number; minMiB: number; maxMiB: number; endMiB: number };
    samples: { atSeconds: number; rssMiB: number }[];
  };
}): string {
  const recovery = r.recoveryWindowSeconds === 120 ? '' : `POS_RECOVERY_WINDOW=${r.recoveryWindowSeconds} `;
  const command = `${recovery}SOAK_SECONDS=${DURATION_MS / 1000} npx tsx bench/soak.ts`;
  return `# Soak: mixed traffic for ${r.durationSeconds} s

\`${command}\` on ${r.date.slice(0, 10)}: the production server (\`server/main.ts\`, embedded store, socket.io recovery window ${r.recoveryWindowSeconds} s) on
127.0.0.1, ${r.workers} concurrent clients looping over menu and order reads, orders placed, orders moved
Received → In Progress → Ready for Assembly → Ready for Pickup, and stock changes, while
${r.sockets.socketio} socket.io and ${r.sockets.ws} /ws screens (station, expeditor and menu rooms) stay connected.

| figure | value |
|---|---|
| requests | ${r.requests} (${r.requestsPerSecond}/s) |
| errors | ${r.errors} |
| reads / orders placed / status moves / stock changes | ${r.mix.reads} / ${r.mix.ordersPlaced} / ${r.mix.statusMoves} / ${r.mix.stockChanges} |
| latency p50 / p90 / p99 / max | ${r.latencyMs.p50} / ${r.latencyMs.p90} / ${r.latencyMs.p99} / ${r.latencyMs.max} ms |
| realtime events received | ${r.eventsReceived} |
| sockets still connected at the end | ${r.sockets.connectedAtEnd} of ${r.sockets.socketio + r.sockets.ws} |
| server RSS start / middle / end | ${r.rssMiB.start} / ${r.rssMiB.middle} / ${r.rssMiB.end} MiB |
| server RSS from ${r.rssMiB.afterWindow.fromSeconds} s to the end (min – max) | ${r.rssMiB.afterWindow.minMiB} – ${r.rssMiB.afterWindow.maxMiB} MiB |

RSS every 10 s (MiB): ${r.rssMiB.samples.map((s) => `${s.atSeconds}s ${s.rssMiB}`).join(', ')}.

Every broadcast is kept for the recovery window (so a screen that drops briefly misses nothing),
at most the newest POS_RECOVERY_MAX_EVENTS of them, so memory may rise until that buffer is full;
the row "from … to the end" is the part that must be flat. Client and server share the machine, so latencies include the load generator's own work.
`;
}
