// The `subscribe` request both transports accept: which rooms, and whether this viewer may join them.
import { badRequest, forbidden, unauthorized, type ProblemError } from '../domain/errors.js';
import type { Viewer } from './auth.js';
import { ALL_ROOMS, isRoom, roomsOpenTo, type Room } from './rooms.js';

export type Admission = { ok: true; rooms: Room[] } | { ok: false; problem: ProblemError };

/** All or nothing: one room that is unknown or closed to the viewer refuses the whole request. */
export function admit(request: unknown, viewer: Viewer): Admission {
  const rooms = requestedRooms(request);
  if (!rooms) return refuse(badRequest('Send { "rooms": [...] } with at least one room name.'));
  const unknown = rooms.filter((room) => !isRoom(room));
  if (unknown.length > 0) {
    return refuse(badRequest(`Unknown room(s): ${unknown.join(', ')}. Rooms are: ${ALL_ROOMS.join(', ')}.`));
  }
  const open = roomsOpenTo(viewer);
  const closed = (rooms as Room[]).filter((room) => !open.includes(room));
  if (closed.length === 0) return { ok: true, rooms: [...new Set(rooms as Room[])] };
  const detail = closed.every((room) => room === 'my-orders')
    ? 'Room my-orders is for signed-in users: it carries the orders they placed.'
    : `Room(s) ${closed.join(', ')} are for kitchen staff (chef, expeditor, manager).`;
  return refuse(viewer ? forbidden(detail) : unauthorized(`${detail} Connect with an access token.`));
}

function requestedRooms(request: unknown): unknown[] | null {
  if (typeof request !== 'object' || request === null) return null;
  const rooms: unknown = (request as { rooms?: unknown }).rooms;
  return Array.isArray(rooms) && rooms.length > 0 ? rooms : null;
}

function refuse(problem: ProblemError): Admission {
  return { ok: false, problem };
}

/** The Problem fields a refused request reports to the client. */
export function problemBody(problem: ProblemError): { title: string; detail: string; status: number } {
  return { title: problem.title, detail: problem.detail, status: problem.status };
}
