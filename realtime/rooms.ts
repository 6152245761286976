// Room names and who may join which: kitchen rooms for kitchen staff, the menu for everyone.
import { STATIONS, type Station } from '../models/dish.js';
import type { Role } from '../models/user.js';
import type { Viewer } from './auth.js';

export type StationRoom = `station:${Station}`;
export type Room = StationRoom | 'expeditor' | 'menu';

export function stationRoom(station: Station): StationRoom {
  return `station:${station}`;
}

export const STATION_ROOMS: readonly StationRoom[] = STATIONS.map(stationRoom);
export const KITCHEN_ROOMS: readonly Room[] = [...STATION_ROOMS, 'expeditor'];
export const ALL_ROOMS: readonly Room[] = [...KITCHEN_ROOMS, 'menu'];

const KITCHEN_ROLES: readonly Role[] = ['chef', 'expeditor', 'manager'];

export function isRoom(name: unknown): name is Room {
  return typeof name === 'string' && (ALL_ROOMS as readonly string[]).includes(name);
}

/** The rooms a viewer may be in; anonymous viewers (null) and patrons see only the menu. */
export function roomsOpenTo(viewer: Viewer): readonly Room[] {
  return viewer && KITCHEN_ROLES.includes(viewer.role) ? ALL_ROOMS : ['menu'];
}
