// What the kitchen has learned of its own pace, one stored document per station (bookkeeping: no
// change events; every instance learns from the orders' events itself and keeps the latest stored).
import type { Catalogue } from '../query/types.js';
import { STATIONS, type Station } from './dish.js';

export interface LearnedPace {
  /** Real minutes per menu minute, recent tickets weighing most. */
  speed: number;
  /** Readied tickets it was learned from (bumps that were not cooking left out). */
  learned_from: number;
  /** Tickets seen cooking at once (the most among the recent samples); null before any. */
  cooks: number | null;
  cook_samples: number[];
  /** The last ready times (ms), to tell when a cook really took a ticket started early. */
  readies: number[];
  /** Recent measured cooking spans (ms), to count the tickets cooked at once. */
  cooking: { from: number; to: number }[];
  /**
   * Per dish: its own real minutes per menu minute, how many of its tickets taught it, and the
   * minutes its options added to those tickets' items (recent ones weighing most; absent where
   * stored before it was kept: none).
   */
  dishes: { dish_id: string; speed: number; count: number; added?: number }[];
}

export interface KitchenPaceDoc extends LearnedPace {
  id: string;
  created_at: string;
  updated_at: string;
  station: Station;
  /** The ready time of the last ticket it has seen: a restart replays the tickets readied after it. */
  learned_until: string;
}

/** One fixed id per station (24 hex characters, as every id). */
export const paceId = (station: Station): string => `5ace${(STATIONS.indexOf(station) + 1).toString(16).padStart(20, '0')}`;

export const kitchenPaceCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  station: { type: 'string', filterable: true },
  learned_until: { type: 'date', filterable: true },
};
