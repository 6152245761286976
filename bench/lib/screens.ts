// Kitchen screens for the realtime benchmarks: socket.io connections in the load generator's
// process, each in one room, noting when every order.created reached it (performance.now(), the
// same clock the HTTP side of the measurement reads).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Room } from '../../realtime/rooms.js';
import { connectLean, type LeanSocket } from './lean-socket.js';

const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 20_000;

export interface Screens {
  /** How many screens are in each room. */
  inRoom(room: Room): number;
  /** Arrival times of order.created, by order id, on the screens of `room`. */
  arrivals(room: Room, orderId: string): number[];
  /** Resolves once `count` screens of `room` have the order (true), or after `timeoutMs` (false). */
  waitFor(room: Room, orderId: string, count: number, timeoutMs: number): Promise<boolean>;
  /** Event frames received so far by all the screens together (every event type). */
  frames(): number;
  close(): Promise<void>;
}

/** One screen per entry of `rooms`; kitchen rooms sign in with `staffToken`, the menu is anonymous. */
export async function openScreens(url: string, rooms: readonly Room[], staffToken: string): Promise<Screens> {
  const seen = new Map<string, number[]>();
  const waiters = new Map<string, { count: number; resolve: (done: boolean) => void }>();
  const key = (room: Room, orderId: string) => `${room} ${orderId}`;
  const onOrder = (room: Room, envelope: unknown) => {
    const at = performance.now();
    const { id } = (envelope as { data: { id: string } }).data;
    const times = seen.get(key(room, id)) ?? [];
    times.push(at);
    seen.set(key(room, id), times);
    const waiter = waiters.get(key(room, id));
    if (waiter && times.length >= waiter.count) waiter.resolve(true);
  };
  let frames = 0;
  const wsUrl = url.replace(/^http/, 'ws');
  const connect = (room: Room) =>
    connectLean({
      url: wsUrl,
      token: room === 'menu' ? undefined : staffToken,
      room,
      event: 'order.created',
      onEvent: (envelope) => onOrder(room, envelope),
      onAnyEvent: () => void frames++,
      timeoutMs: CONNECT_TIMEOUT_MS,
    });
  const sockets: LeanSocket[] = [];
  try {
    for (let start = 0; start < rooms.length; start += CONNECT_BATCH) {
      const batch = rooms.slice(start, start + CONNECT_BATCH);
      sockets.push(...(await Promise.all(batch.map(connect))));
    }
  } catch (error) {
    sockets.forEach((socket) => socket.close());
    throw error;
  }
  return {
    inRoom: (room) => rooms.filter((r) => r === room).length,
    arrivals: (room, orderId) => seen.get(key(room, orderId)) ?? [],
    frames: () => frames,
    async waitFor(room, orderId, count, timeoutMs) {
      if ((seen.get(key(room, orderId))?.length ?? 0) >= count) return true;
      const stopTimer = new AbortController();
      const done = new Promise<boolean>((resolve) => waiters.set(key(room, orderId), { count, resolve }));
      const timer = sleep(timeoutMs, false, { signal: stopTimer.signal }).catch(() => false);
      const result = await Promise.race([done, timer]);
      stopTimer.abort();
      waiters.delete(key(room, orderId));
      return result;
    },
    async close() {
      sockets.forEach((socket) => socket.close());
      // Lets the server see the disconnections before whatever is measured next.
      await sleep(500);
    },
  };
}
