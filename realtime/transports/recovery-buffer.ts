// socket.io's connection-state recovery keeps every room broadcast for the recovery window, so a
// screen that drops briefly gets what it missed. Kept by time alone, the buffer grows with the
// event rate: at a sustained 500 broadcasts a second it holds hundreds of megabytes. This adapter
// also keeps at most `maxEvents` of them, the newest. A client whose last event has left the buffer
// is not recovered: it reconnects as a new session and reloads from the REST lists, exactly as
// after a disconnect longer than the window. A broadcast to rooms nobody is in, connected or away
// within the window, is dropped before socket.io encodes it: nobody could ever receive it.
import { SessionAwareAdapter } from 'socket.io-adapter';

type Broadcast = SessionAwareAdapter['broadcast'];

/**
 * SessionAwareAdapter keeps its buffer in a private `packets` array, oldest first, and the
 * sessions of clients that dropped (recoverable within the window) in a private `sessions` map.
 */
interface Buffered {
  packets: unknown[];
  sessions: Map<string, { rooms: string[] }>;
}

export function boundedRecoveryAdapter(maxEvents: number): typeof SessionAwareAdapter {
  // Trimmed in steps of a tenth, so a full buffer is not shifted by one on every broadcast.
  const slack = Math.max(1, Math.ceil(maxEvents / 10));
  return class BoundedRecoveryAdapter extends SessionAwareAdapter {
    override broadcast(...args: Parameters<Broadcast>): ReturnType<Broadcast> {
      if (!this.heardIn(args[1].rooms)) return;
      const result = super.broadcast(...args);
      const { packets } = this as unknown as Buffered;
      if (packets.length > maxEvents + slack) packets.splice(0, packets.length - maxEvents);
      return result;
    }

    /** Whether a client is in one of the rooms, or was when it dropped (an empty set is everyone). */
    private heardIn(rooms: ReadonlySet<string>): boolean {
      if (rooms.size === 0) return true;
      for (const room of rooms) if ((this.rooms.get(room)?.size ?? 0) > 0) return true;
      for (const session of (this as unknown as Buffered).sessions.values()) if (session.rooms.some((room) => rooms.has(room))) return true;
      return false;
    }

    /** How many broadcasts are kept now (for tests and diagnostics). */
    get bufferedEvents(): number {
      return (this as unknown as Buffered).packets.length;
    }
  };
}
