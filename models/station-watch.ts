// What the server instances share about the stations' boards, for the fallback printers
// (domain/printers/takeover.ts): each instance's last word on its own boards, and the takeovers
// under way. Both are bookkeeping (no change events): every instance reads them on its watch.
import type { Catalogue } from '../query/types.js';
import { STATIONS, type Station } from './dish.js';

/** One instance's boards of one station: when one of them was last heard. */
export interface BoardPresenceDoc {
  id: string;
  created_at: string;
  updated_at: string;
  /** The server instance (a random name per process). */
  instance: string;
  station: Station;
  /** The last time a board of the station connected to that instance was heard (ISO). */
  heard_at: string;
  /** An hour after `heard_at` the store deletes it: an instance that stopped leaves nothing behind for long. */
  expires_at: string;
}

export const boardPresenceCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  station: { type: 'string', filterable: true },
  heard_at: { type: 'date', sortable: true, filterable: true },
  expires_at: { type: 'date', sortable: true, filterable: true },
};

/** A station whose fallback printers print, because none of its boards has been heard for the grace time. */
export interface StationTakeoverDoc {
  id: string;
  created_at: string;
  updated_at: string;
  station: Station;
  /** The last time a board of the station was heard (ISO): what names the takeover. */
  silent_since: string;
  /** When the printers took over (ISO): the open tickets fired by then printed at that moment. */
  began: string;
}

/** One fixed id per station (24 hex characters, as every id). */
export const takeoverId = (station: Station): string => `7a4e${(STATIONS.indexOf(station) + 1).toString(16).padStart(20, '0')}`;

export const stationTakeoverCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  station: { type: 'string', filterable: true },
  began: { type: 'string', filterable: true },
};
