// How sessions end: the notice a client can show, and a bounded wait for closing sockets.

/** socket.io's last event before the server ends a session. */
export interface SessionEnded {
  reason: 'token_expired' | 'server_shutdown';
  title: string;
  detail: string;
}

export const TOKEN_EXPIRED: SessionEnded = {
  reason: 'token_expired',
  title: 'Unauthorized',
  detail: 'The access token expired. Refresh it and connect again.',
};

export const SERVER_SHUTDOWN: SessionEnded = {
  reason: 'server_shutdown',
  title: 'Service Unavailable',
  detail: 'The server is shutting down. Reconnect shortly, then reload from the REST lists.',
};

/** /ws close frames: 4001 is ours (4000–4999 are for applications), 1001 is "going away". */
export const WS_TOKEN_EXPIRED = { code: 4001, reason: 'access token expired' } as const;
export const WS_SERVER_SHUTDOWN = { code: 1001, reason: 'server shutting down' } as const;

/** How often /ws clients are pinged; one missed answer and they are cut off at the next ping. */
export const WS_HEARTBEAT_MS = 30_000;

/** How long a shutdown waits for clients to answer a close before cutting them off. */
export const CLOSE_GRACE_MS = 2_000;

/** Resolves when every wait settles, or after `ms` at the latest; true when all settled. */
export async function settledWithin(ms: number, waits: Promise<unknown>[]): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const settled = Promise.allSettled(waits).then(() => true);
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
