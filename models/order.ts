// Orders: what a patron asked for, and where it is on its way through the kitchen.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Id, Nullable, Timestamp } from './common.js';
import { Ticket, TICKET_STATUSES } from './ticket.js';
import type { Ticket as StoredTicketType } from './ticket.js';
import { STATIONS, type Dish } from './dish.js';
import { ALLERGENS, Allergens } from './allergens.js';
import { ItemEdit, Items, ItemWrite, OrderItem, SeatAllergies } from './order-item.js';

export const STATUSES = ['Draft', 'Received', 'In Progress', 'Ready for Assembly', 'On the Way', 'Ready for Pickup'] as const;
export type OrderStatus = (typeof STATUSES)[number];
/** The orders still open: not yet handed over (on the way or ready for pick-up). */
export const UNFINISHED_STATUSES: readonly OrderStatus[] = ['Draft', 'Received', 'In Progress', 'Ready for Assembly'];

const OrderName = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: '^[^\\s]*$',
  description: 'The patron name shown at the KDS; no whitespace.',
  examples: ['Ben'],
});
const DISH_IDS_DESCRIPTION =
  "A dish listed twice is prepared twice. A view of `items`: each active item's dish_id repeated by its quantity. " +
  'Send either dish_ids or items, not both.';
const DishId = Type.String({ examples: ['692a4a34a46ecf001f35ac6f'] });
const DishIds = Type.Array(DishId, { minItems: 1, maxItems: 100, description: DISH_IDS_DESCRIPTION });
const TableNumber = Nullable(Type.Integer({ minimum: 0, description: 'Null for takeaway.', examples: [18] }));
const SpecialRequests = Nullable(Type.String({ maxLength: 500, examples: ['No peanuts'] }));
const ScheduledAt = Nullable(Type.String({ format: 'date-time', description: 'When the order should be ready; null for now.' }));
const Allergies = Allergens(
  'Allergies at the table (EU 1169/2011 names); default empty. Dishes whose allergens meet them need allergy_confirmed.',
);
const AllergyConfirmed = Type.Boolean({
  description: 'True: the guest confirmed the dishes whose allergens meet `allergies`. Accepted, never stored.',
});
export const Priority = Type.Integer({ minimum: 0, maximum: 5, description: '0 is the highest priority, 5 the lowest.' });
export const Status = Type.Enum(STATUSES);
export const PACINGS = ['at_once', 'together', 'courses'] as const;
export type Pacing = (typeof PACINGS)[number];
/** What every order placed before pacing existed is (the start-up upgrade writes it), and the settings' default. */
export const DEFAULT_PACING: Pacing = 'at_once';
const PacingField = Type.Enum(PACINGS, {
  description:
    'at_once: every ticket fires with the order; together: dishes are due together (shorter ones fire ' +
    'later); courses: Appetizer, Main Course, Dessert fired one after another (Drinks with the first).',
});
const CourseGap = Nullable(
  Type.Number({
    minimum: 0,
    maximum: 120,
    description: 'Minutes after every ticket of a course is Ready that the next course fires by itself; null: only by hand.',
    examples: [5],
  }),
);

export const Order = Type.Object(
  {
    id: Id,
    created_at: Timestamp,
    updated_at: Timestamp,
    name: OrderName,
    // Read back, an order whose every item was voided while it cooked has none.
    dish_ids: Type.Array(DishId, { maxItems: 100, description: DISH_IDS_DESCRIPTION }),
    items: Type.Array(OrderItem, { description: 'What the kitchen cooks: dishes with quantity, seat, options and note.' }),
    total: Type.Number({ description: 'Read-only: the sum of price × quantity over the active items.', examples: [42.5] }),
    table_number: TableNumber,
    special_requests: SpecialRequests,
    scheduled_at: ScheduledAt,
    allergies: Allergies,
    seat_allergies: SeatAllergies,
    priority: Priority,
    status: Status,
    fire_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Read-only: when a scheduled Draft is released to the kitchen (scheduled_at minus the longest preparation time).',
      }),
    ),
    pacing: PacingField,
    course_gap_minutes: CourseGap,
    tickets: Type.Array(Ticket, {
      description:
        'Read-only: one ticket per station and course among the dishes, by course, then cold, hot, beverages. The status follows them (Voided ones ignored).',
    }),
    ready_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Read-only: when every ticket became Ready (Ready for Assembly); cleared by a recall.',
      }),
    ),
    closed_at: Nullable(
      Type.String({ format: 'date-time', description: 'Read-only: when the order left the pass (On the Way or Ready for Pickup).' }),
    ),
    quoted_ready_at: Type.Optional(
      Nullable(
        Type.String({
          format: 'date-time',
          description:
            'Read-only: when the order was promised to be Ready for Assembly, quoted from the live kitchen as it ' +
            'was placed (as GET /quote answers); never changes. Null for orders placed before quotes existed.',
        }),
      ),
    ),
    expected_ready_at: Type.Optional(
      Nullable(
        Type.String({
          format: 'date-time',
          description:
            "Read-only: when it is now expected to be Ready for Assembly, re-estimated as its stations' queues " +
            'move (rewritten when it moves by a minute or more); its ready_at once Ready for Assembly.',
        }),
      ),
    ),
  },
  { $id: 'Order' },
);
export type Order = Static<typeof Order>;
/** An order as a station (its dishes only) or the expeditor (every dish) sees it, in its queue and its events. */
export type KitchenOrder = Order & { dishes: Dish[] };
/**
 * Stored with the id of the user who placed it (patrons see their own orders only) and the units of
 * stock it took (given back exactly on deletion, even if a recipe changed since). `allergies` is
 * absent on orders stored before it existed (read as none).
 */
export type OrderDoc = Omit<Order, 'allergies' | 'course_gap_minutes' | 'tickets' | 'items' | 'total' | 'seat_allergies'> &
  Partial<Pick<Order, 'allergies' | 'course_gap_minutes' | 'items' | 'total' | 'seat_allergies'>> & {
    tickets: StoredTicket[];
    owner_id: string;
    stock_taken: { ingredient_id: string; units: number }[];
    /** The scheduler's key: the earliest fire time of a Draft ticket waiting for the clock (domain/kitchen/fire-times.ts). */
    next_fire_at?: string | null;
  };
export type StoredTicket = StoredTicketType;

export const OrderCreate = Type.Object(
  {
    name: OrderName,
    dish_ids: Type.Optional(DishIds),
    items: Type.Optional(Items(ItemWrite)),
    table_number: Type.Optional(TableNumber),
    special_requests: Type.Optional(SpecialRequests),
    scheduled_at: Type.Optional(ScheduledAt),
    allergies: Type.Optional(Allergies),
    seat_allergies: Type.Optional(SeatAllergies),
    allergy_confirmed: Type.Optional(AllergyConfirmed),
    pacing: Type.Optional(PacingField),
    course_gap_minutes: Type.Optional(CourseGap),
  },
  { additionalProperties: false },
);
export type OrderCreate = Static<typeof OrderCreate>;

/**
 * PUT takes the original OpenAPI's UpdateOrderRequest (dish_ids, priority, status; none required)
 * and the other writable fields. Unlike other resources, what it omits keeps its value: a client
 * generated from that document cannot see special_requests and must never erase an allergy note.
 */
export const OrderReplace = Type.Object(
  {
    name: Type.Optional(OrderName),
    dish_ids: Type.Optional(DishIds),
    items: Type.Optional(Items(ItemEdit)),
    table_number: Type.Optional(TableNumber),
    special_requests: Type.Optional(SpecialRequests),
    scheduled_at: Type.Optional(ScheduledAt),
    pacing: Type.Optional(PacingField),
    course_gap_minutes: Type.Optional(CourseGap),
    status: Type.Optional(Status),
    priority: Type.Optional(Priority),
    allergies: Type.Optional(Allergies),
    seat_allergies: Type.Optional(SeatAllergies),
    allergy_confirmed: Type.Optional(AllergyConfirmed),
  },
  { additionalProperties: false },
);
export type OrderReplace = Static<typeof OrderReplace>;

export const OrderPatch = Type.Partial(OrderReplace, { additionalProperties: false, minProperties: 1 });
export type OrderPatch = Static<typeof OrderPatch>;

export const orderCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', sortable: true, filterable: true },
  name: { type: 'string', sortable: true, filterable: true },
  dish_ids: { type: 'string', filterable: true, array: { path: 'dish_ids' } },
  table_number: { type: 'integer', sortable: true, filterable: true },
  special_requests: { type: 'string', filterable: true },
  scheduled_at: { type: 'date', sortable: true, filterable: true },
  allergies: { type: 'enum', enum: ALLERGENS, filterable: true, array: { path: 'allergies' } },
  items: { type: 'object' },
  'items.dish_id': { type: 'string', filterable: true, array: { path: 'items', item: 'dish_id' } },
  total: { type: 'number', sortable: true, filterable: true },
  seat_allergies: { type: 'object' },
  priority: { type: 'integer', sortable: true, filterable: true },
  status: { type: 'enum', enum: STATUSES, sortable: true, filterable: true },
  fire_at: { type: 'date', sortable: true, filterable: true },
  pacing: { type: 'enum', enum: PACINGS, sortable: true, filterable: true },
  course_gap_minutes: { type: 'number', sortable: true, filterable: true },
  tickets: { type: 'object' },
  'tickets.station': { type: 'enum', enum: STATIONS, filterable: true, array: { path: 'tickets', item: 'station' } },
  'tickets.status': { type: 'enum', enum: TICKET_STATUSES, filterable: true, array: { path: 'tickets', item: 'status' } },
  ready_at: { type: 'date', sortable: true, filterable: true },
  closed_at: { type: 'date', sortable: true, filterable: true },
  quoted_ready_at: { type: 'date', sortable: true, filterable: true },
  expected_ready_at: { type: 'date', sortable: true, filterable: true },
};

/** A row of a station's queue (GET /stations/{station}/tickets): the order, its ticket's course and that station's dishes of it. */
export const stationOrderCatalogue: Catalogue = {
  ...orderCatalogue,
  course: { type: 'integer', sortable: true, filterable: true },
  dishes: { type: 'object' },
};

/** Internal: the store also filters on the owner, the stock taken and the next fire time, which no client may filter on. */
export const orderStoreCatalogue: Catalogue = {
  ...orderCatalogue,
  owner_id: { type: 'string', filterable: true },
  // A shortage finds the orders holding an ingredient (domain/orders/shortages.ts).
  'stock_taken.ingredient_id': { type: 'string', filterable: true, array: { path: 'stock_taken', item: 'ingredient_id' } },
  // When the order's next held ticket fires by itself (null: none waits for the clock): the scheduler's index.
  next_fire_at: { type: 'date', sortable: true, filterable: true },
};
