// The /ws clients and the rooms each is in: broadcasts send an envelope once to every client in
// any of its rooms, a commit's envelopes to one client in one write; a heartbeat cuts off clients
// that stopped answering pings.
import type { WebSocket } from 'ws';
import type { Sent } from '../events.js';
import type { Channel } from '../rooms.js';
import { CLOSE_GRACE_MS, settledWithin } from './endings.js';
import { corked, tcpSocketOf } from './cork.js';

/** The protocol is JSON text: bytes are sent as a text frame, not a binary one. */
const TEXT = { binary: false } as const;

export class WsRooms {
  readonly #clients = new Map<WebSocket, Set<Channel>>();
  readonly #answered = new WeakSet<WebSocket>();

  get size(): number {
    return this.#clients.size;
  }

  add(socket: WebSocket): void {
    this.#clients.set(socket, new Set());
    this.#answered.add(socket);
    socket.on('pong', () => this.#answered.add(socket));
  }

  /** A dead peer never closes its TCP connection: terminate clients silent since the last ping. */
  sweep(): void {
    for (const socket of this.#clients.keys()) {
      if (!this.#answered.delete(socket)) socket.terminate();
      else socket.ping();
    }
  }

  remove(socket: WebSocket): void {
    this.#clients.delete(socket);
  }

  /** How many clients are in each room. */
  roomSizes(): Map<string, number> {
    const sizes = new Map<string, number>();
    for (const rooms of this.#clients.values()) for (const room of rooms) sizes.set(room, (sizes.get(room) ?? 0) + 1);
    return sizes;
  }

  /** Adds the channels and returns every channel the client is now in. */
  join(socket: WebSocket, rooms: readonly Channel[]): Channel[] {
    const joined = this.#clients.get(socket) ?? new Set<Channel>();
    rooms.forEach((room) => joined.add(room));
    this.#clients.set(socket, joined);
    return [...joined];
  }

  /**
   * Sends one commit's envelopes, in order, once to every client in any of each one's rooms. A client
   * that gets several of them has its TCP socket corked meanwhile, so they leave in one write.
   */
  broadcast(batch: readonly Sent[]): void {
    // Most servers have no /ws client at all: then there is nothing to serialize.
    if (this.#clients.size === 0) return;
    // Each envelope is encoded once, to UTF-8 bytes, for all its clients (and only if one is in its
    // rooms): given a string, ws would encode it again for every client it is sent to.
    const messages: (Buffer | undefined)[] = [];
    const messageOf = (i: number) => (messages[i] ??= Buffer.from(JSON.stringify(batch[i]!.envelope)));
    for (const [socket, rooms] of this.#clients) {
      const mine: number[] = [];
      batch.forEach(({ rooms: audience }, i) => {
        if (audience === 'everyone' || audience.some((room) => rooms.has(room))) mine.push(i);
      });
      if (mine.length === 0) continue;
      corked(mine.length > 1 ? tcpSocketOf(socket) : null, () => mine.forEach((i) => socket.send(messageOf(i), TEXT)));
    }
  }

  /** Closes every client with the code and reason; those that do not answer in time are cut off. */
  async closeAll(code: number, reason: string): Promise<void> {
    const sockets = [...this.#clients.keys()];
    const closed = sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    sockets.forEach((socket) => socket.close(code, reason));
    await settledWithin(CLOSE_GRACE_MS, closed);
    sockets.forEach((socket) => socket.terminate());
  }
}
