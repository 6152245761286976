import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Envelope } from '../../realtime/events.js';
import { WsRooms } from '../../realtime/transports/ws-rooms.js';

/** Just what WsRooms uses of a socket, recording what happens to it (and to its TCP socket). */
class FakeSocket extends EventEmitter {
  sent: string[] = [];
  /** Sends, corks and uncorks in the order they happened. */
  log: string[] = [];
  pings = 0;
  terminated = false;
  readonly _socket = { cork: () => this.log.push('cork'), uncork: () => this.log.push('uncork') };
  /** What each send was given, as it was given. */
  frames: { data: unknown; options: unknown }[] = [];
  send(message: Buffer, options?: unknown) {
    this.frames.push({ data: message, options });
    this.sent.push(message.toString());
    this.log.push(`send ${(JSON.parse(message.toString()) as Envelope).id}`);
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
  }
}
const fake = () => new FakeSocket();
const asWs = (socket: FakeSocket) => socket as unknown as WebSocket;
const envelope: Envelope = {
  id: 1,
  type: 'dish.availability',
  at: '2026-11-21T12:00:00.000Z',
  data: { id: 'd1', is_available: false, portions_left: 0 },
};

describe('ws rooms', () => {
  it('sends an envelope once to each client in any of the rooms', () => {
    const rooms = new WsRooms();
    const [hot, both, menu, none] = [fake(), fake(), fake(), fake()];
    [hot, both, menu, none].forEach((socket) => rooms.add(asWs(socket)));
    rooms.join(asWs(hot), ['station:hot']);
    expect(rooms.join(asWs(both), ['station:hot', 'menu'])).toEqual(['station:hot', 'menu']);
    rooms.join(asWs(menu), ['menu']);
    rooms.broadcast([{ rooms: ['station:hot', 'menu'], envelope }]);
    expect([hot, both, menu, none].map((socket) => socket.sent.length)).toEqual([1, 1, 1, 0]);
    rooms.broadcast([{ rooms: 'everyone', envelope }]);
    expect([hot, both, menu, none].map((socket) => socket.sent)).toEqual(Array(4).fill(expect.arrayContaining([JSON.stringify(envelope)])));
    expect(none.sent).toEqual([JSON.stringify(envelope)]);
  });

  it('encodes each envelope once for all its clients, and sends it as a text frame', () => {
    const rooms = new WsRooms();
    const [hot, menu, both] = [fake(), fake(), fake()];
    [hot, menu, both].forEach((socket) => rooms.add(asWs(socket)));
    rooms.join(asWs(hot), ['station:hot']);
    rooms.join(asWs(menu), ['menu']);
    rooms.join(asWs(both), ['station:hot', 'menu']);
    rooms.broadcast([
      { rooms: ['station:hot'], envelope },
      { rooms: ['menu'], envelope: { ...envelope, id: 2 } },
    ]);
    const [first, second] = [both.frames[0]!.data, both.frames[1]!.data];
    expect(first).toEqual(Buffer.from(JSON.stringify(envelope)));
    // The very same bytes, not an equal copy per client.
    expect(hot.frames[0]!.data).toBe(first);
    expect(menu.frames[0]!.data).toBe(second);
    expect([hot, menu, both].flatMap((socket) => socket.frames.map((frame) => frame.options))).toEqual(Array(4).fill({ binary: false }));
  });

  it('sends a client its share of a batch in order, corked when it is more than one envelope', () => {
    const rooms = new WsRooms();
    const [hot, menu, both, none] = [fake(), fake(), fake(), fake()];
    [hot, menu, both, none].forEach((socket) => rooms.add(asWs(socket)));
    rooms.join(asWs(hot), ['station:hot']);
    rooms.join(asWs(menu), ['menu']);
    rooms.join(asWs(both), ['station:hot', 'menu']);
    const at = (id: number): Envelope => ({ ...envelope, id });
    rooms.broadcast([
      { rooms: ['station:hot'], envelope: at(1) },
      { rooms: ['menu'], envelope: at(2) },
      { rooms: ['menu', 'station:hot'], envelope: at(3) },
    ]);
    expect(hot.log).toEqual(['cork', 'send 1', 'send 3', 'uncork']);
    expect(menu.log).toEqual(['cork', 'send 2', 'send 3', 'uncork']);
    expect(both.log).toEqual(['cork', 'send 1', 'send 2', 'send 3', 'uncork']);
    expect(none.log).toEqual([]);
    rooms.broadcast([
      { rooms: ['station:hot'], envelope: at(4) },
      { rooms: ['expeditor'], envelope: at(5) },
    ]);
    expect(hot.log.slice(4)).toEqual(['send 4']);
    expect(both.log.slice(5)).toEqual(['send 4']);
    expect([menu, none].map((socket) => socket.sent.length)).toEqual([2, 0]);
  });

  it('uncorks a client even when a send throws', () => {
    const rooms = new WsRooms();
    const broken = fake();
    rooms.add(asWs(broken));
    rooms.join(asWs(broken), ['menu']);
    broken.send = () => {
      throw new Error('socket gone');
    };
    expect(() =>
      rooms.broadcast([
        { rooms: ['menu'], envelope },
        { rooms: ['menu'], envelope },
      ]),
    ).toThrow('socket gone');
    expect(broken.log).toEqual(['cork', 'uncork']);
  });

  it('pings clients and cuts off the ones that did not answer the previous ping', () => {
    const rooms = new WsRooms();
    const [answering, silent] = [fake(), fake()];
    rooms.add(asWs(answering));
    rooms.add(asWs(silent));
    rooms.sweep();
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit('pong');
    rooms.sweep();
    expect([answering.terminated, silent.terminated]).toEqual([false, true]);
    expect(answering.pings).toBe(2);
  });
});
