// What counts as waiting for a socket.io client (the slow-consumer limit end to end is in
// test/faults/slow-consumer.test.ts).
import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { directBacklog as socketIoBacklog } from '../../realtime/transports/socketio-fanout.js';

/** Just the engine.io connection fields the direct writes' backlog reads. */
function clientWith(writeBuffer: { data?: unknown }[], writable: boolean, bufferedAmount: () => number): Socket {
  const socket = {
    get bufferedAmount() {
      return bufferedAmount();
    },
  };
  return { conn: { writeBuffer, transport: { writable, socket } } } as unknown as Socket;
}

describe('socket.io backlog with the direct writes (POS_SOCKETIO_WRITES=direct)', () => {
  it('counts the packets engine.io holds and what the WebSocket has not sent', () => {
    expect(socketIoBacklog(clientWith([{ data: 'abcd' }, { data: 'ef' }, {}], false, () => 100))).toBe(106);
    expect(socketIoBacklog(clientWith([{ data: 'abcd' }], true, () => 0))).toBe(4);
    expect(socketIoBacklog(clientWith([], false, () => 5000))).toBe(5000);
  });

  it('reads nothing more of a client that holds nothing and may write: its last write is done', () => {
    const unread = () => {
      throw new Error('bufferedAmount read');
    };
    expect(socketIoBacklog(clientWith([], true, unread))).toBe(0);
  });

  it('counts what the fan-out wrote straight to the TCP socket of a client engine.io holds nothing for', () => {
    const unread = () => {
      throw new Error('bufferedAmount read');
    };
    const client = clientWith([], true, unread);
    Object.assign((client.conn as unknown as { transport: { socket: object } }).transport.socket, { _socket: { writableLength: 6000 } });
    expect(socketIoBacklog(client)).toBe(6000);
  });
});
