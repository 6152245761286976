// socket.io's connection-state recovery on the adapter's public extension points (socket.io-adapter's
// Adapter: persistSession, restoreSession, broadcast), as SessionAwareAdapter does it, with two
// bounds of our own. Kept by time alone, the buffer grows with the event rate: at a sustained 500
// broadcasts a second it holds hundreds of megabytes; here it also keeps at most `maxEvents`, the
// newest. A client whose last event has left the buffer is not recovered: it reconnects as a new
// session and reloads from the REST lists, exactly as after a disconnect longer than the window.
// A broadcast to rooms nobody is in, connected or away within the window, is dropped before
// socket.io encodes it: nobody could ever receive it.
import { Adapter, type BroadcastOptions, type PrivateSessionId, type Session } from 'socket.io-adapter';

type Persisted = Parameters<Adapter['persistSession']>[0] & { disconnectedAt: number };
/** A broadcast kept for recovery: its packet's data ends with `id`, the offset the client reports back. */
interface Kept {
  id: string;
  opts: BroadcastOptions;
  data: unknown[];
  emittedAt: number;
}

/** What the bounded adapter tells of itself: clients away that can still recover, broadcasts kept. */
export interface RecoveryBuffer {
  readonly heldSessions: number;
  readonly bufferedEvents: number;
  /** The data of each broadcast kept, oldest first (for tests and diagnostics). */
  bufferedData(): unknown[][];
}

export const isRecoveryBuffer = (adapter: unknown): adapter is RecoveryBuffer =>
  typeof adapter === 'object' && adapter !== null && 'heldSessions' in adapter && 'bufferedEvents' in adapter;

export interface RecoveryLimits {
  /** How long a dropped client's session and the broadcasts it misses are kept (ms). */
  windowMs: number;
  /** And at most this many broadcasts, the newest. */
  maxEvents: number;
  now?: () => number;
}

const EVENT = 2; // socket.io-parser's PacketType.EVENT
/** socket.io-adapter types restoreSession as always finding the session; null is how it says it did not. */
const NOT_RECOVERED = null as unknown as Promise<Session>;

/** What a session hears: the rooms it was in, and none it was excepted from. */
const heardBy = (rooms: string[], opts: BroadcastOptions) =>
  (opts.rooms.size === 0 || rooms.some((room) => opts.rooms.has(room))) && rooms.every((room) => !opts.except?.has(room));

export function boundedRecoveryAdapter({ windowMs, maxEvents, now = Date.now }: RecoveryLimits): typeof Adapter {
  // Trimmed in steps of a tenth, so a full buffer is not shifted by one on every broadcast.
  const slack = Math.max(1, Math.ceil(maxEvents / 10));
  // Offsets unique to this process (the client sends back the last one it got).
  const prefix = `${process.pid.toString(36)}.${Date.now().toString(36)}.`;
  let sequence = 0;
  return class BoundedRecoveryAdapter extends Adapter implements RecoveryBuffer {
    readonly #sessions = new Map<PrivateSessionId, Persisted>();
    readonly #packets: Kept[] = [];
    readonly #timer = setInterval(() => this.#expire(), 60_000).unref();

    override close(): Promise<void> | void {
      clearInterval(this.#timer);
      return super.close();
    }

    override persistSession(session: Parameters<Adapter['persistSession']>[0]): void {
      this.#sessions.set(session.pid, { ...session, disconnectedAt: now() });
    }

    override restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
      const session = this.#sessions.get(pid);
      if (!session) return NOT_RECOVERED;
      this.#sessions.delete(pid);
      const index = this.#packets.findIndex((packet) => packet.id === offset);
      // Expired, or its last event has left the buffer: a new session (socket.io accepts null here).
      if (session.disconnectedAt + windowMs < now() || index === -1) return NOT_RECOVERED;
      const missedPackets = this.#packets.slice(index + 1).flatMap((packet) => (heardBy(session.rooms, packet.opts) ? [packet.data] : []));
      const { disconnectedAt: _away, ...restored } = session;
      return Promise.resolve({ ...restored, missedPackets });
    }

    override broadcast(packet: { type: number; id?: number; data: unknown[] }, opts: BroadcastOptions): void {
      if (!this.#heardIn(opts.rooms)) return;
      // As SessionAwareAdapter: events without an acknowledgement, and not volatile, are kept.
      if (packet.type === EVENT && packet.id === undefined && opts.flags?.volatile === undefined) {
        const id = `${prefix}${(++sequence).toString(36)}`;
        packet.data.push(id);
        this.#packets.push({ id, opts, data: packet.data, emittedAt: now() });
        if (this.#packets.length > maxEvents + slack) this.#packets.splice(0, this.#packets.length - maxEvents);
      }
      super.broadcast(packet, opts);
    }

    /** Whether a client is in one of the rooms, or was when it dropped (an empty set is everyone). */
    #heardIn(rooms: ReadonlySet<string>): boolean {
      if (rooms.size === 0) return true;
      for (const room of rooms) if ((this.rooms.get(room)?.size ?? 0) > 0) return true;
      for (const session of this.#sessions.values()) if (session.rooms.some((room) => rooms.has(room))) return true;
      return false;
    }

    #expire(): void {
      const threshold = now() - windowMs;
      for (const [pid, session] of this.#sessions) if (session.disconnectedAt < threshold) this.#sessions.delete(pid);
      const kept = this.#packets.findIndex((packet) => packet.emittedAt >= threshold);
      this.#packets.splice(0, kept === -1 ? this.#packets.length : kept);
    }

    get heldSessions(): number {
      return this.#sessions.size;
    }

    get bufferedEvents(): number {
      return this.#packets.length;
    }

    bufferedData(): unknown[][] {
      return this.#packets.map((packet) => packet.data);
    }
  };
}
