// The event catalogue: the envelope every client receives and the data each event type carries.
import Type, { type Static } from 'typebox';
import type { Dish } from '../models/dish.js';
import { Ingredient } from '../models/ingredient.js';
import type { KitchenOrder } from '../models/order.js';
import type { Settings } from '../models/settings.js';
import type { AllDay } from '../models/ticket.js';
import type { Channel } from './rooms.js';

export type { KitchenOrder };

/** One ingredient's stock, as a commit left it. */
export const StockLevel = Type.Pick(Ingredient, ['id', 'in_stock_qty', 'updated_at']);
export type StockLevel = Static<typeof StockLevel>;
/** Every ingredient whose stock one commit changed (an order takes from several at once). */
export const StockUpdate = Type.Object({ ingredients: Type.Array(StockLevel, { minItems: 1 }) }, { $id: 'StockUpdate' });
export type StockUpdate = Static<typeof StockUpdate>;

/** A dish whose availability flipped, or whose portions left changed at or below `low_portions`. */
export interface DishAvailability {
  id: string;
  is_available: boolean;
  portions_left: number | null;
}

export interface EventData {
  'order.created': KitchenOrder;
  'order.updated': KitchenOrder;
  'order.deleted': KitchenOrder;
  'dish.created': Dish;
  'dish.updated': Dish;
  'dish.deleted': Dish;
  'dish.availability': DishAvailability;
  'ingredient.created': Ingredient;
  'ingredient.updated': Ingredient;
  'ingredient.deleted': Ingredient;
  'stock.updated': StockUpdate;
  /** A station's all-day counts changed (as GET /stations/{station}/all-day answers). */
  'station.all_day': AllDay;
  /** The restaurant's settings changed (as GET /settings now answers). */
  'settings.updated': Settings;
  /** Changes may have been missed: reload from the REST lists. */
  resync: { reason: string };
}

export type EventType = keyof EventData;

export type RealtimeEvent = { [T in EventType]: { type: T; data: EventData[T] } }[EventType];

/** What goes on the wire: `id` grows by one per envelope in this process, `at` is when it was made. */
export type Envelope = RealtimeEvent & { id: number; at: string };

/** `everyone` is every connected client, subscribed or not. */
export type Audience = readonly Channel[] | 'everyone';

/** One event for a set of rooms; a client in several of them receives it once. */
export interface Delivery {
  rooms: Audience;
  event: RealtimeEvent;
}

/** One envelope for a set of rooms, as the change feed hands it to the transports. */
export interface Sent {
  rooms: Audience;
  envelope: Envelope;
}

/** Sends one envelope to its rooms. */
export type Broadcast = (rooms: Audience, envelope: Envelope) => void;

/**
 * Sends the envelopes of one commit, in order, in one go: a transport writes everything one client
 * gets of them at once (one system call per client rather than one per envelope).
 */
export type BatchBroadcast = (batch: readonly Sent[]) => void;

/** What the change feed knows transports by: one envelope at a time, or a commit's at once. */
export type Broadcaster = Broadcast | { batch: BatchBroadcast; audience?: Audible };

/**
 * Whether any client could receive a broadcast now: connected, or away but recoverable within the
 * recovery window. Without one, a commit is not routed at all (absent: always routed).
 */
export type Audible = () => boolean;

/** Stamps events with the process-wide sequence number and the current time. */
export function envelopeStamper(now: () => Date = () => new Date()): (event: RealtimeEvent) => Envelope {
  let lastId = 0;
  return (event) => ({ ...event, id: ++lastId, at: now().toISOString() });
}
