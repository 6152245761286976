// What a live event concerns, as a type guard: a board hands orders' and dishes' events to the
// records that keep them, and the check narrows the event's data for the type checker too.
/** @import { DishEvent, LiveEvent, OrderEvent } from '../../../types/api.js' */

/** @param {LiveEvent} event @returns {event is OrderEvent} */
export const isOrderEvent = (event) => event.type.startsWith('order.');

/** @param {LiveEvent} event @returns {event is DishEvent} */
export const isDishEvent = (event) => event.type.startsWith('dish.');
