// Which stations have a live board, as the printers' takeover needs it (domain/printers/takeover.ts):
// a socket.io board counts from its last packet received (its answers to the server's heartbeat
// pings included), so a board whose network dropped without a close is silent from its last answer,
// not from when socket.io gives up on it; a /ws board counts as heard while it is connected (its
// own heartbeat cuts it off when it stops answering).
import type { Station } from '../models/dish.js';
import type { StationPresence } from '../domain/printers/takeover.js';
import { stationRoom } from './rooms.js';
import type { RealtimeIo } from './transports/socketio.js';
import type { WsRooms } from './transports/ws-rooms.js';

type IoSocket = Parameters<Parameters<RealtimeIo['on']>[1]>[0];

export class BoardPresence implements StationPresence {
  private readonly heard = new WeakMap<IoSocket, number>();
  /** Per station: the last time a board that has since left was heard. */
  private readonly departed = new Map<string, number>();
  /** Per station: the last time a /ws board was seen connected. */
  private readonly wsSeen = new Map<string, number>();

  constructor(
    private readonly io: RealtimeIo,
    private readonly wsRooms: WsRooms,
    private readonly now: () => number,
  ) {
    io.on('connection', (socket) => this.follow(socket));
  }

  lastHeard(station: Station): number | null {
    const room = stationRoom(station);
    let latest = this.departed.get(room) ?? null;
    const namespace = this.io.of('/');
    for (const id of namespace.adapter.rooms.get(room) ?? []) {
      const socket = namespace.sockets.get(id);
      const heard = socket && this.heard.get(socket);
      if (heard !== undefined && (latest === null || heard > latest)) latest = heard;
    }
    if ((this.wsRooms.roomSizes().get(room) ?? 0) > 0) this.wsSeen.set(room, this.now());
    const ws = this.wsSeen.get(room);
    return ws !== undefined && (latest === null || ws > latest) ? ws : latest;
  }

  private follow(socket: IoSocket): void {
    this.heard.set(socket, this.now());
    socket.conn.on('packet', () => this.heard.set(socket, this.now()));
    socket.on('disconnecting', () => {
      const heard = this.heard.get(socket) ?? this.now();
      for (const room of socket.rooms) if ((this.departed.get(room) ?? 0) < heard) this.departed.set(room, heard);
    });
  }
}
