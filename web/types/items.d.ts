// An order's items as the boards read them, from the server's own schemas.
export type { ChosenModifier, ModifierGroup, ModifierOption } from '../../models/modifiers.js';
export type { OrderItem, RemakeReason } from '../../models/order-item.js';
export type { TicketItem } from '../../models/ticket.js';
