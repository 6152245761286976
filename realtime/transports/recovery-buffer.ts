// socket.io's connection-state recovery keeps every room broadcast for the recovery window, so a
// screen that drops briefly gets what it missed. Kept by time alone, the buffer grows with the
// event rate: at a sustained 500 broadcasts a second it holds hundreds of megabytes. This adapter
// also keeps at most `maxEvents` of them, the newest. A client whose last event has left the buffer
// is not recovered: it reconnects as a new session and reloads from the REST lists, exactly as
// after a disconnect longer than the window. A broadcast to rooms nobody is in, connected or away
// within the window, is dropped before socket.io encodes it: nobody could ever receive it.
//
// It also lets a broadcast be intercepted (socketio-fanout.ts): the broadcast is kept for recovery
// and encoded once as usual, but each socket's share is handed to a callback instead of being
// written to the socket's engine.io connection, so a commit's frames can be written together.
import type { Socket } from 'socket.io';
import { SessionAwareAdapter } from 'socket.io-adapter';

type Broadcast = SessionAwareAdapter['broadcast'];

/** What socket.io-adapter hands each socket's engine: the encoded packets and their options. */
export interface EncodedBroadcast {
  packet: unknown;
  encoded: unknown[];
  /** `wsPreEncodedFrame` holds the WebSocket frame (header and payload buffers) when it could be built. */
  options: { wsPreEncodedFrame?: Buffer[]; volatile?: boolean; [key: string]: unknown };
}

/** One socket's share of an intercepted broadcast. */
export type ShareSink = (socket: Socket, broadcast: EncodedBroadcast) => void;

/** What the bounded adapter tells of the clients away: how many can still recover (within the window). */
export interface HeldSessions {
  readonly heldSessions: number;
}

export interface InterceptingAdapter {
  /** Runs `broadcast` (one io.to(...).emit) with every socket's share handed to `sink`, not written. */
  intercept(sink: ShareSink, broadcast: () => void): void;
}

/**
 * SessionAwareAdapter keeps its buffer in a private `packets` array, oldest first, and the
 * sessions of clients that dropped (recoverable within the window) in a private `sessions` map.
 * `_encode` and `apply` are the in-memory adapter's private steps of a broadcast: encode once, then
 * call back for each socket of the rooms.
 */
interface Internals {
  packets: unknown[];
  sessions: Map<string, { rooms: string[] }>;
  _encode(packet: unknown, options: EncodedBroadcast['options']): unknown[];
  apply(opts: unknown, callback: (socket: Socket) => void): void;
}

export function boundedRecoveryAdapter(maxEvents: number): typeof SessionAwareAdapter {
  // Trimmed in steps of a tenth, so a full buffer is not shifted by one on every broadcast.
  const slack = Math.max(1, Math.ceil(maxEvents / 10));
  return class BoundedRecoveryAdapter extends SessionAwareAdapter implements InterceptingAdapter, HeldSessions {
    #sink: ShareSink | null = null;
    #encoded: EncodedBroadcast | null = null;

    constructor(...args: ConstructorParameters<typeof SessionAwareAdapter>) {
      super(...args);
      const internals = this as unknown as Internals;
      const encode = internals._encode.bind(this);
      const apply = internals.apply.bind(this);
      internals._encode = (packet, options) => {
        const encoded = encode(packet, options);
        if (this.#sink) this.#encoded = { packet, encoded, options };
        return encoded;
      };
      internals.apply = (opts, callback) => {
        const sink = this.#sink;
        const encoded = this.#encoded;
        if (!sink || !encoded) return apply(opts, callback);
        apply(opts, (socket) => sink(socket, encoded));
      };
    }

    intercept(sink: ShareSink, broadcast: () => void): void {
      this.#sink = sink;
      try {
        broadcast();
      } finally {
        this.#sink = null;
        this.#encoded = null;
      }
    }

    override broadcast(...args: Parameters<Broadcast>): ReturnType<Broadcast> {
      if (!this.heardIn(args[1].rooms)) return;
      const result = super.broadcast(...args);
      const { packets } = this as unknown as Internals;
      if (packets.length > maxEvents + slack) packets.splice(0, packets.length - maxEvents);
      return result;
    }

    /** Whether a client is in one of the rooms, or was when it dropped (an empty set is everyone). */
    private heardIn(rooms: ReadonlySet<string>): boolean {
      if (rooms.size === 0) return true;
      for (const room of rooms) if ((this.rooms.get(room)?.size ?? 0) > 0) return true;
      for (const session of (this as unknown as Internals).sessions.values())
        if (session.rooms.some((room) => rooms.has(room))) return true;
      return false;
    }

    get heldSessions(): number {
      return (this as unknown as Internals).sessions.size;
    }

    /** How many broadcasts are kept now (for tests and diagnostics). */
    get bufferedEvents(): number {
      return (this as unknown as Internals).packets.length;
    }
  };
}
