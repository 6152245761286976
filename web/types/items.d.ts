// An order's items as the boards read them, from the server's own schemas; and the kitchen report's
// items and remakes, optional, so the manager's page works whether or not the report carries them.
import type { Station } from '../../models/dish.js';
import type { RemakeReason } from '../../models/order-item.js';

export type { ChosenModifier, ModifierGroup, ModifierOption } from '../../models/modifiers.js';
export type { OrderItem, RemakeReason } from '../../models/order-item.js';
export type { TicketItem } from '../../models/ticket.js';

/** The kitchen report's items and remakes, over its range. */
export interface ReportItems {
  items?: { dish_id: string; name: string; sold: number; voided_before_start: number; voided_after_start: number }[];
  remakes?: { station: Station; reason: RemakeReason; count: number }[];
}
