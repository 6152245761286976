// socket.io's connection-state recovery keeps every room broadcast for the recovery window, so a
// screen that drops briefly gets what it missed. Kept by time alone, the buffer grows with the
// event rate: at a sustained 500 broadcasts a second it holds hundreds of megabytes. This adapter
// also keeps at most `maxEvents` of them, the newest. A client whose last event has left the buffer
// is not recovered: it reconnects as a new session and reloads from the REST lists, exactly as
// after a disconnect longer than the window.
import { SessionAwareAdapter } from 'socket.io-adapter';

type Broadcast = SessionAwareAdapter['broadcast'];

/** SessionAwareAdapter keeps its buffer in a private `packets` array, oldest first. */
interface Buffered {
  packets: unknown[];
}

export function boundedRecoveryAdapter(maxEvents: number): typeof SessionAwareAdapter {
  // Trimmed in steps of a tenth, so a full buffer is not shifted by one on every broadcast.
  const slack = Math.max(1, Math.ceil(maxEvents / 10));
  return class BoundedRecoveryAdapter extends SessionAwareAdapter {
    override broadcast(...args: Parameters<Broadcast>): ReturnType<Broadcast> {
      const result = super.broadcast(...args);
      const { packets } = this as unknown as Buffered;
      if (packets.length > maxEvents + slack) packets.splice(0, packets.length - maxEvents);
      return result;
    }

    /** How many broadcasts are kept now (for tests and diagnostics). */
    get bufferedEvents(): number {
      return (this as unknown as Buffered).packets.length;
    }
  };
}
