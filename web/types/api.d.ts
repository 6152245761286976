// The shapes the boards read from the API, taken from the server's own schemas (models/), so the
// browser code is checked against what the server sends and they are never written twice.
import type { Static } from 'typebox';
import type { Problem as ProblemSchema } from '../../models/common.js';

export type { Order, KitchenOrder, OrderStatus, Pacing } from '../../models/order.js';
export type { Dish, Station } from '../../models/dish.js';
export type { PublicTicket as Ticket, TicketStatus, TicketChange, AllergyAlert, AllDay, StationPace } from '../../models/ticket.js';
export type { Ingredient } from '../../models/ingredient.js';
export type { Quote } from '../../models/quote.js';
export type { KitchenReport } from '../../models/report.js';
export type * from './items.js';
export type { Settings } from '../../models/settings.js';
export type { User } from '../../models/user.js';
export type { Printer, PrinterInput, PrinterStatus } from '../../models/printer.js';
export type { Allergen } from '../../models/allergens.js';
/** RFC 9457 problem details, as every refusal carries them. */
export type Problem = Static<typeof ProblemSchema>;

import type { EventData, EventType } from '../../realtime/event-data.js';
type Pushed = Exclude<EventType, 'resync'>;
/** A live event as a board receives it, the envelope's type and data: checking `type` narrows `data`. */
export type LiveEvent = { [T in Pushed]: { type: T; data: EventData[T] } }[Pushed];
export type OrderEvent = Extract<LiveEvent, { type: `order.${string}` }>;
export type DishEvent = Extract<LiveEvent, { type: `dish.${string}` }>;
