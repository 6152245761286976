// Upgrades of stored data already applied: one record each, so a start-up never repeats one.
import type { Catalogue } from '../query/types.js';

export interface UpgradeDoc {
  id: string;
  created_at: string;
  updated_at: string;
  /** The upgrade's name, e.g. `order-tickets`. */
  name: string;
}

export const upgradeCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  name: { type: 'string', filterable: true },
};
