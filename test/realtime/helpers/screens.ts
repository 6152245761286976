// Screens on every room of a live app (one socket.io and one /ws client each), and a fence that
// proves a client has received everything sent before it.
import type { TestApp } from '../../helpers/app.js';
import { addIngredient } from '../../helpers/menu.js';
import type { Envelope } from '../../../realtime/events.js';
import { ALL_ROOMS, type Room } from '../../../realtime/rooms.js';
import { sioIn, wsIn, type SioClient, type WsClient } from './clients.js';

export type Screen = SioClient | WsClient;
/**
 * The shared rooms of orders and the menu (my-orders is per user: test/realtime/live-my-orders.test.ts;
 * the printers room hears of printers only: test/domain/printers/state-events.test.ts).
 */
export type ScreenRoom = Exclude<Room, 'my-orders' | 'printers'>;
export const SCREEN_ROOMS = ALL_ROOMS.filter((room): room is ScreenRoom => room !== 'my-orders' && room !== 'printers');

export interface Screens {
  byRoom: Record<ScreenRoom, Screen[]>;
  all: Screen[];
  /** Resolves once every screen has all events sent so far. */
  fence(): Promise<void>;
  close(): void;
}

export async function openScreens(t: TestApp): Promise<Screens> {
  const fencePost = await addIngredient(t, 'Fence', 1);
  const byRoom = {} as Record<ScreenRoom, Screen[]>;
  for (const room of SCREEN_ROOMS) {
    const token = room === 'menu' ? undefined : t.tokens.chef;
    byRoom[room] = [await sioIn(t.url, `socket.io ${room}`, token, [room]), await wsIn(t.url, `ws ${room}`, token, [room])];
  }
  const all = Object.values(byRoom).flat();
  let fences = 0;
  return {
    byRoom,
    all,
    // An ingredient update reaches the menu screens once the server has sent everything committed
    // before it, to every room (one feed, in commit order). Each kitchen screen then asks its own
    // connection a question: the answer leaves after whatever was sent to it before.
    async fence() {
      const name = `Fence ${++fences}`;
      const patched = await t.inject({ method: 'PATCH', url: `/ingredients/${fencePost.id}`, as: 'chef', payload: { name } });
      if (patched.statusCode !== 200) throw new Error(`fence: ${patched.body}`);
      await Promise.all(
        byRoom.menu.map((screen) => screen.inbox.waitFor((e) => e.type === 'ingredient.updated' && e.data.name === name, name)),
      );
      await Promise.all(
        SCREEN_ROOMS.filter((room) => room !== 'menu').flatMap((room) => byRoom[room].map((screen) => screen.subscribe([room]))),
      );
    },
    close: () => all.forEach((screen) => screen.close()),
  };
}

/** `type id` of each envelope about one of the resources, in the order received (a stock.updated once per ingredient it lists). */
export function about(screen: Screen, ...ids: string[]): string[] {
  return screen.inbox.envelopes.flatMap((e) =>
    idsIn(e)
      .filter((id) => ids.includes(id))
      .map((id) => `${e.type} ${id}`),
  );
}

const idsIn = (envelope: Envelope): string[] =>
  envelope.type === 'stock.updated' ? envelope.data.ingredients.map((level) => level.id) : [idOf(envelope)];

export const idOf = (envelope: Envelope): string => ('id' in envelope.data ? String(envelope.data.id) : '');
