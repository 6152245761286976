// The socket.io side of the protocol: refused handshakes and subscribe acks in the Problem style.
import type { FastifyBaseLogger } from 'fastify';
import { ProblemError, unavailable } from '../../domain/errors.js';
import { StoreUnavailableError } from '../../store/types.js';
import type { Viewer } from '../auth.js';
import type { Room } from '../rooms.js';
import { admit, problemBody } from '../subscribe.js';

export type SubscribeAck = { ok: true; rooms: Room[] } | { ok: false; title: string; detail: string; status: number };

/** What connect_error shows the client: `message` is the detail, `data` the Problem body. */
export function handshakeError(err: unknown, log: FastifyBaseLogger): Error & { data: ReturnType<typeof problemBody> } {
  if (err instanceof ProblemError) return Object.assign(new Error(err.detail), { data: problemBody(err) });
  log.error({ err }, 'realtime: could not check an access token');
  const problem =
    err instanceof StoreUnavailableError
      ? unavailable('The data store is unavailable; try again shortly.')
      : new ProblemError(500, 'Internal Server Error', 'Could not check the access token.');
  return Object.assign(new Error(problem.detail), { data: problemBody(problem) });
}

/** `join` adds the admitted rooms and returns every room the client is now in. */
export function subscribeReply(request: unknown, viewer: Viewer, join: (rooms: Room[]) => Room[]): SubscribeAck {
  const admission = admit(request, viewer);
  if (!admission.ok) return { ok: false, ...problemBody(admission.problem) };
  return { ok: true, rooms: join(admission.rooms) };
}
