// The orders' answer to a change of the menu (domain/menu/open-orders.ts): re-alerting the open
// orders whose dishes' allergens changed, and marking those a stock correction leaves short.
import type { OpenOrders } from '../menu/open-orders.js';
import { realertOpenOrders } from './allergies.js';
import { markShortages } from './shortages.js';

export const OPEN_ORDERS: OpenOrders = { realert: realertOpenOrders, markShortages };
