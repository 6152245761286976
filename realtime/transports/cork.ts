// Corking the TCP socket under a ws WebSocket, so several frames leave in one write (writev). ws
// keeps that socket as `_socket` and corks it itself for a frame's header and body; corks nest.
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a ws WebSocket, or null when there is none that can be corked. */
export function tcpSocketOf(websocket: unknown): Corkable | null {
  const tcp = (websocket as { _socket?: Partial<Corkable> } | null | undefined)?._socket;
  return typeof tcp?.cork === 'function' && typeof tcp.uncork === 'function' ? (tcp as Corkable) : null;
}

/** Runs `write` with the socket corked (when there is one), then sends what it wrote in one go. */
export function corked(tcp: Corkable | null, write: () => void): void {
  tcp?.cork();
  try {
    write();
  } finally {
    tcp?.uncork();
  }
}
