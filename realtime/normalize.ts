// Pure: a store change event becomes one small shape the policies read. Collections no client
// hears about (users, refresh tokens) stop here.
import type { DishDoc } from '../models/dish.js';
import type { IngredientDoc } from '../models/ingredient.js';
import type { OrderDoc } from '../models/order.js';
import type { PrinterStateDoc } from '../models/printer.js';
import type { SettingsDoc } from '../models/settings.js';
import type { ChangeEvent, ChangeOperation } from '../store/types.js';

export type ChangeKind = 'created' | 'updated' | 'deleted';

interface ChangeOf<C extends string, D> {
  collection: C;
  kind: ChangeKind;
  /** The document after the write; for a deletion, the document as it last was. */
  current: D;
  /** The document before the write; null for a creation (or a source without a pre-image). */
  previous: D | null;
}

export type OrderChange = ChangeOf<'orders', OrderDoc>;
export type DishChange = ChangeOf<'dishes', DishDoc>;
export type IngredientChange = ChangeOf<'ingredients', IngredientDoc>;
export type SettingsChange = ChangeOf<'settings', SettingsDoc>;
export type PrinterStateChange = ChangeOf<'printer_states', PrinterStateDoc>;
export type Change = OrderChange | DishChange | IngredientChange | SettingsChange | PrinterStateChange;

const KINDS: Record<ChangeOperation, ChangeKind> = { insert: 'created', update: 'updated', delete: 'deleted' };
const HEARD_OF: readonly string[] = ['orders', 'dishes', 'ingredients'];

/**
 * A deletion clients should hear of but that came without the deleted document (a MongoDB change
 * stream without pre-images): nobody can tell which rooms it concerns, so screens must reload.
 */
export function isUnroutableDeletion(event: ChangeEvent): boolean {
  return event.operation === 'delete' && event.before === null && HEARD_OF.includes(event.collection);
}

/** Null when no client hears of the collection, or the event carries no document to route by. */
export function normalize(event: ChangeEvent): Change | null {
  const current = event.operation === 'delete' ? event.before : event.after;
  if (!current) return null;
  const kind = KINDS[event.operation];
  // ChangeEvent is not discriminated by collection, so each branch names its document type.
  switch (event.collection) {
    case 'orders':
      return { collection: 'orders', kind, current: current as OrderDoc, previous: event.before as OrderDoc | null };
    case 'dishes':
      return { collection: 'dishes', kind, current: current as DishDoc, previous: event.before as DishDoc | null };
    case 'ingredients':
      return { collection: 'ingredients', kind, current: current as IngredientDoc, previous: event.before as IngredientDoc | null };
    case 'settings':
      return { collection: 'settings', kind, current: current as SettingsDoc, previous: event.before as SettingsDoc | null };
    case 'printer_states':
      return { collection: 'printer_states', kind, current: current as PrinterStateDoc, previous: event.before as PrinterStateDoc | null };
    default:
      return null;
  }
}
