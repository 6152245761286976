// The shapes of an order's items on the wire (quantities, modifiers, seats, and the changes made
// while the order cooks), as the boards read them. They join the server's own types in api.d.ts.
import type { Allergen } from '../../models/allergens.js';
import type { Station } from '../../models/dish.js';

export type ItemStatus = 'Received' | 'In Progress' | 'Ready' | 'Voided';
export type RemakeReason = 'sent back' | 'dropped' | 'wrong' | 'other';

/** A chosen option as an item and its ticket show it: `action` null for a plain choice ("Well done"). */
export interface ChosenModifier {
  id: string;
  group: string;
  name: string;
  action: 'add' | 'remove' | null;
}

export interface ModifierOption {
  id: string;
  name: string;
  price_delta: number;
  minutes_delta: number;
  ingredient_id?: string;
  action?: 'add' | 'remove';
}

export interface ModifierGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  options: ModifierOption[];
}

/** One line of an order: a dish, how many, for which seat, with what. */
export interface OrderItem {
  id: string;
  dish_id: string;
  quantity: number;
  seat: number | null;
  option_ids: string[];
  note: string | null;
  course?: number;
  name: string;
  price: number;
  minutes: number;
  allergens: Allergen[];
  modifiers: ChosenModifier[];
  status: 'Active' | 'Voided';
}

/** An item as its station's ticket lists it. */
export interface TicketItem {
  item_id: string;
  name: string;
  quantity: number;
  seat: number | null;
  modifiers: ChosenModifier[];
  note: string | null;
  allergens: Allergen[];
  status: ItemStatus;
  started_at: string | null;
  ready_at: string | null;
}

/** What a ticket carries about its items: its round, what it remakes, its items' changes. */
export interface TicketItems {
  items?: TicketItem[];
  round?: number;
  remake_of?: string | null;
  remake_reason?: RemakeReason | null;
}

/** A change of a fired ticket: dish ids added/removed by a new `dish_ids`, item ids added, voided or remade. */
export interface ItemChanges {
  voided?: string[];
  remade?: string[];
  reason?: RemakeReason | null;
}

export interface ItemAlert {
  item_id?: string;
  seat?: number | null;
}

export interface OrderItems {
  items?: OrderItem[];
  total?: number;
  seat_allergies?: { seat: number; allergies: Allergen[] }[];
}

/** The kitchen report's items and remakes, over its range. */
export interface ReportItems {
  items?: { dish_id: string; name: string; sold: number; voided_before_start: number; voided_after_start: number }[];
  remakes?: { station: Station; reason: RemakeReason; count: number }[];
}
