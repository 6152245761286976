// A ticket's item entry as the API sends it, waiting to be started: the one fixture the printers',
// the API's, the store contract's and the boards' tests build ticket items from.
import type { TicketItem } from '../../models/ticket.js';

/** An entry named by `fields` (at least its item id and name), every other field as a fresh item's. */
export const ticketItem = (fields: Partial<TicketItem> & Pick<TicketItem, 'item_id' | 'name'>): TicketItem => ({
  quantity: 1,
  seat: null,
  modifiers: [],
  note: null,
  allergens: [],
  status: 'Received',
  started_at: null,
  ready_at: null,
  ...fields,
});
