// Room names and who may join which: kitchen rooms and the printers for kitchen staff, the menu for
// everyone, and `my-orders` for anyone signed in, which each user joins as a room of their own.
import { STATIONS, type Station } from '../models/dish.js';
import type { Role } from '../models/user.js';
import type { Viewer } from './auth.js';

export type StationRoom = `station:${Station}`;
/** The rooms clients name when they subscribe. */
export type Room = StationRoom | 'expeditor' | 'printers' | 'menu' | 'my-orders';
/** One user's orders: what `my-orders` stands for, per user, inside the server. */
export type OwnerRoom = `owner:${string}`;
/** The rooms sockets are really in and deliveries go to: `my-orders` becomes the viewer's owner room. */
export type Channel = Exclude<Room, 'my-orders'> | OwnerRoom;

export function stationRoom(station: Station): StationRoom {
  return `station:${station}`;
}

export function ownerRoom(userId: string): OwnerRoom {
  return `owner:${userId}`;
}

export const STATION_ROOMS: readonly StationRoom[] = STATIONS.map(stationRoom);
export const KITCHEN_ROOMS: readonly Room[] = [...STATION_ROOMS, 'expeditor'];
export const ALL_ROOMS: readonly Room[] = [...KITCHEN_ROOMS, 'printers', 'menu', 'my-orders'];

const KITCHEN_ROLES: readonly Role[] = ['chef', 'expeditor', 'manager'];
const SIGNED_IN_ROOMS: readonly Room[] = ['menu', 'my-orders'];

export function isRoom(name: unknown): name is Room {
  return typeof name === 'string' && (ALL_ROOMS as readonly string[]).includes(name);
}

/** The rooms a viewer may be in: anonymous viewers only the menu, patrons also their own orders. */
export function roomsOpenTo(viewer: Viewer): readonly Room[] {
  if (!viewer) return ['menu'];
  return KITCHEN_ROLES.includes(viewer.role) ? ALL_ROOMS : SIGNED_IN_ROOMS;
}

/** The channels a viewer joins for admitted rooms (my-orders needs a viewer: admission ensures it). */
export function channelsOf(rooms: readonly Room[], viewer: Viewer): Channel[] {
  return rooms.flatMap((room) => (room !== 'my-orders' ? [room] : viewer ? [ownerRoom(viewer.userId)] : []));
}

/** The room a joined channel stands for, as the viewer named it; null for anything else. */
export function roomOf(channel: string, viewer: Viewer): Room | null {
  if (channel !== 'my-orders' && isRoom(channel)) return channel;
  return viewer && channel === ownerRoom(viewer.userId) ? 'my-orders' : null;
}

/** Whether a socket.io room is one of ours (not the socket's own id). */
export const isChannel = (name: string) => (name !== 'my-orders' && isRoom(name)) || name.startsWith('owner:');
