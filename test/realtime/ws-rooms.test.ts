import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Envelope } from '../../realtime/events.js';
import { WsRooms } from '../../realtime/transports/ws-rooms.js';

/** Just what WsRooms uses of a socket, recording what happens to it. */
class FakeSocket extends EventEmitter {
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(message: string) {
    this.sent.push(message);
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
const envelope: Envelope = { id: 1, type: 'dish.availability', at: '2026-11-21T12:00:00.000Z', data: { id: 'd1', is_available: false } };

describe('ws rooms', () => {
  it('sends an envelope once to each client in any of the rooms', () => {
    const rooms = new WsRooms();
    const [hot, both, menu, none] = [fake(), fake(), fake(), fake()];
    [hot, both, menu, none].forEach((socket) => rooms.add(asWs(socket)));
    rooms.join(asWs(hot), ['station:hot']);
    expect(rooms.join(asWs(both), ['station:hot', 'menu'])).toEqual(['station:hot', 'menu']);
    rooms.join(asWs(menu), ['menu']);
    rooms.broadcast(['station:hot', 'menu'], envelope);
    expect([hot, both, menu, none].map((socket) => socket.sent.length)).toEqual([1, 1, 1, 0]);
    rooms.broadcast('everyone', envelope);
    expect([hot, both, menu, none].map((socket) => socket.sent)).toEqual(Array(4).fill(expect.arrayContaining([JSON.stringify(envelope)])));
    expect(none.sent).toEqual([JSON.stringify(envelope)]);
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
