// Realtime: how long after POST /orders answers does the order reach the station screens, with
// 10, 100 and 1000 screens connected across the rooms; and how long one event takes to reach every
// screen of a room of 1000. Orders are placed one at a time, each once the last has arrived.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Station } from '../../models/dish.js';
import { ALL_ROOMS, stationRoom, type Room } from '../../realtime/rooms.js';
import { placeOrder, type Tokens } from '../lib/api.js';
import type { ServerProcess } from '../lib/processes.js';
import { openScreens, type Screens } from '../lib/screens.js';
import type { Kitchen } from '../lib/seed.js';
import { round, summarize, type Summary } from '../lib/stats.js';

const STATIONS: Station[] = ['cold', 'hot', 'beverages'];
const ARRIVAL_TIMEOUT_MS = 5_000;
/** Between orders, so the screens and the server are idle when the next one is placed. */
const PAUSE_MS = 50;
const WARMUP_ORDERS = 5;
const MAX_SECONDS = 90;

export interface LatencyReport {
  sockets: number;
  orders: number;
  /** From the POST's response (as the load generator received it) to each station screen's receipt. */
  afterResponseMs: Summary;
  /** From sending the POST to each station screen's receipt. */
  afterRequestMs: Summary;
  /** Receipts that came before the POST's response (counted as 0 ms after it). */
  beforeResponse: number;
  missed: number;
  /** Event frames the server sent to all the screens together, per order (every event type). */
  framesPerOrder: number;
  /** The server's CPU time per order (HTTP, store, and delivery to every screen), in ms. */
  serverCpuMsPerOrder: number;
}

export interface FanOutReport {
  sockets: number;
  events: number;
  /** From the POST's response until the last screen of the room had the event. */
  lastScreenMs: Summary;
  /** From the first screen's receipt to the last one's. */
  spreadMs: Summary;
  missed: number;
  framesPerOrder: number;
  serverCpuMsPerOrder: number;
}

interface Placed {
  room: Room;
  requestAt: number;
  responseAt: number;
  orderId: string;
  arrived: boolean;
}

interface Placing {
  placed: Placed[];
  /** Event frames all the screens received, and the server's CPU time, per measured order. */
  framesPerOrder: number;
  serverCpuMsPerOrder: number;
}

/** Places `count` orders, each at one station's dishes, in turn; waits for the station's screens. */
async function placeOrders(
  pos: ServerProcess,
  kitchen: Kitchen,
  tokens: Tokens,
  screens: Screens,
  count: number,
  stations: Station[],
): Promise<Placing> {
  const placed: Placed[] = [];
  const deadline = Date.now() + MAX_SECONDS * 1000;
  let framesBefore = 0;
  let cpuBefore = 0;
  for (let i = 0; i < count + WARMUP_ORDERS && Date.now() < deadline; i++) {
    if (i === WARMUP_ORDERS) [framesBefore, cpuBefore] = [screens.frames(), pos.cpuMs()];
    const station = stations[i % stations.length] as Station;
    const dishes = kitchen.dishes.filter((dish) => dish.station === station);
    const dishIds = [dishes[i % dishes.length]?.id ?? '', dishes[(i + 1) % dishes.length]?.id ?? ''];
    const room = stationRoom(station);
    const requestAt = performance.now();
    const order = await placeOrder(pos.url, tokens.patron, { name: `Screen${i}`, dish_ids: dishIds, table_number: 1 + (i % 40) });
    const responseAt = performance.now();
    const arrived = await screens.waitFor(room, order.id, screens.inRoom(room), ARRIVAL_TIMEOUT_MS);
    if (i >= WARMUP_ORDERS) placed.push({ room, requestAt, responseAt, orderId: order.id, arrived });
    await sleep(PAUSE_MS);
  }
  const per = (total: number, digits: number) => (placed.length === 0 ? 0 : round(total / placed.length, digits));
  return { placed, framesPerOrder: per(screens.frames() - framesBefore, 0), serverCpuMsPerOrder: per(pos.cpuMs() - cpuBefore, 2) };
}

export async function orderLatency(
  pos: ServerProcess,
  kitchen: Kitchen,
  tokens: Tokens,
  sockets: number,
  orders: number,
): Promise<LatencyReport> {
  const rooms = Array.from({ length: sockets }, (_, i) => ALL_ROOMS[i % ALL_ROOMS.length] as Room);
  const screens = await openScreens(pos.url, rooms, tokens.chef);
  try {
    const { placed, framesPerOrder, serverCpuMsPerOrder } = await placeOrders(pos, kitchen, tokens, screens, orders, STATIONS);
    const afterResponse: number[] = [];
    const afterRequest: number[] = [];
    for (const { room, requestAt, responseAt, orderId } of placed) {
      for (const at of screens.arrivals(room, orderId)) {
        afterResponse.push(Math.max(0, at - responseAt));
        afterRequest.push(at - requestAt);
      }
    }
    const beforeResponse = placed.reduce(
      (n, { room, responseAt, orderId }) => n + screens.arrivals(room, orderId).filter((at) => at < responseAt).length,
      0,
    );
    const expected = placed.reduce((n, { room }) => n + screens.inRoom(room), 0);
    return {
      sockets,
      orders: placed.length,
      afterResponseMs: summarize(afterResponse),
      afterRequestMs: summarize(afterRequest),
      beforeResponse,
      missed: expected - afterResponse.length,
      framesPerOrder,
      serverCpuMsPerOrder,
    };
  } finally {
    await screens.close();
  }
}

export async function roomFanOut(
  pos: ServerProcess,
  kitchen: Kitchen,
  tokens: Tokens,
  sockets: number,
  events: number,
): Promise<FanOutReport> {
  const room = stationRoom('hot');
  const screens = await openScreens(
    pos.url,
    Array.from({ length: sockets }, () => room),
    tokens.chef,
  );
  try {
    const { placed, framesPerOrder, serverCpuMsPerOrder } = await placeOrders(pos, kitchen, tokens, screens, events, ['hot']);
    const last: number[] = [];
    const spread: number[] = [];
    let missed = 0;
    for (const { orderId, responseAt, arrived } of placed) {
      const times = screens.arrivals(room, orderId);
      if (!arrived || times.length === 0) {
        missed += sockets - times.length;
        continue;
      }
      last.push(Math.max(0, Math.max(...times) - responseAt));
      spread.push(Math.max(...times) - Math.min(...times));
    }
    return {
      sockets,
      events: placed.length,
      lastScreenMs: summarize(last),
      spreadMs: summarize(spread),
      missed,
      framesPerOrder,
      serverCpuMsPerOrder,
    };
  } finally {
    await screens.close();
  }
}
