// The event catalogue: the data each event type carries, as every client receives it. It imports
// only the models, so the boards' browser code (web/types) is checked against it as well.
import Type, { type Static } from 'typebox';
import type { Dish } from '../models/dish.js';
import { Ingredient } from '../models/ingredient.js';
import type { KitchenOrder } from '../models/order.js';
import type { PrinterStatus } from '../models/printer.js';
import type { Settings } from '../models/settings.js';
import type { AllDay } from '../models/ticket.js';

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
  /** A printer's state changed: as GET /printers answers for it (the printers room). */
  'printer.state': PrinterStatus;
  /** Changes may have been missed: reload from the REST lists. */
  resync: { reason: string };
}

export type EventType = keyof EventData;

export type RealtimeEvent = { [T in EventType]: { type: T; data: EventData[T] } }[EventType];
