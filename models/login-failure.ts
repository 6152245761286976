// Failed logins, kept in the store so every instance behind a load balancer counts the same
// failures and honours the same locks (domain/accounts/login-throttle.ts). Bookkeeping: no change events.
import type { Catalogue } from '../query/types.js';

export interface LoginFailureDoc {
  /** Derived from the scope's key, so one record per user name and address, and one per address. */
  id: string;
  created_at: string;
  updated_at: string;
  /** `user_name`: one user name from one address; `address`: every user name from one address. */
  scope: 'user_name' | 'address';
  /** Lower-cased; '' for an address record. */
  user_name: string;
  address: string;
  /** Failures since the record was made; it is made again once expired. */
  failures: number;
  last_failure_at: string;
  /** The window after the last failure (after the lock's end once locked): then the stores delete it. */
  expires_at: string;
}

export const loginFailureCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  scope: { type: 'string', filterable: true },
  user_name: { type: 'string', filterable: true },
  last_failure_at: { type: 'date', filterable: true },
  expires_at: { type: 'date', sortable: true, filterable: true },
};
