// What every domain operation needs: the store and the clock (injectable, so tests control time).
import type { Store } from '../store/types.js';

export interface Deps {
  store: Store;
  now: () => Date;
}
