// What the boards read of an order's items beyond the server's schemas today: a remake's reason on
// its ticket or its change, and the kitchen report's items and remakes. They join the server's own
// types in api.d.ts, optional, so the boards work whether or not the answer carries them.
import type { Station } from '../../models/dish.js';

export type { ChosenModifier, ModifierGroup, ModifierOption } from '../../models/modifiers.js';
export type { OrderItem } from '../../models/order-item.js';
export type { TicketItem } from '../../models/ticket.js';

export type RemakeReason = 'sent back' | 'dropped' | 'wrong' | 'other';

/** Why a remake ticket cooks its item again. */
export interface RemakeNote {
  remake_reason?: RemakeReason | null;
}
export interface ChangeReason {
  reason?: RemakeReason | null;
}

/** The kitchen report's items and remakes, over its range. */
export interface ReportItems {
  items?: { dish_id: string; name: string; sold: number; voided_before_start: number; voided_after_start: number }[];
  remakes?: { station: Station; reason: RemakeReason; count: number }[];
}
