// An order's items: a dish with its quantity, seat, chosen options and note, priced and timed when
// ordered. `dish_ids` is one view of them (domain/orders/items.ts).
import Type, { type Static } from 'typebox';
import { Allergens } from './allergens.js';
import { Id, Nullable } from './common.js';
import { ChosenModifier } from './modifiers.js';

export const ITEM_STATUSES = ['Active', 'Voided'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const MAX_UNITS = 100;
/** The most items one order holds in all, voided ones included: each addition, void of some units or edit adds entries. */
export const MAX_ORDER_ITEMS = 150;
/** The most tickets one order holds: rounds and remakes add tickets. */
export const MAX_ORDER_TICKETS = 60;

export const Seat = Type.Integer({ minimum: 1, maximum: 99, description: 'The seat at the table; null: the table.', examples: [3] });
const Quantity = Type.Integer({ minimum: 1, maximum: 99, description: 'Units of the dish; default 1.', examples: [2] });
const OptionIds = Type.Array(Type.String({ examples: ['674d0bf5c28b69001f8e03b2'] }), {
  maxItems: 60,
  uniqueItems: true,
  description: "Ids of the dish's options chosen, each at most once; default [].",
});
const Note = Nullable(Type.String({ maxLength: 140, description: 'For the cook; null for none.', examples: ['Sauce on the side'] }));
const Course = Type.Integer({
  minimum: 1,
  maximum: 9,
  description: 'With pacing "courses" only: the course it is served in; default from its category.',
});

const writable = {
  dish_id: Type.String({ description: 'The dish ordered.', examples: ['692a4a34a46ecf001f35ac6f'] }),
  quantity: Type.Optional(Quantity),
  seat: Type.Optional(Nullable(Seat)),
  option_ids: Type.Optional(OptionIds),
  note: Type.Optional(Note),
  course: Type.Optional(Course),
};

/** An item as placed (POST /orders, POST /orders/{id}/items). */
export const ItemWrite = Type.Object(writable, { additionalProperties: false });
export type ItemWrite = Static<typeof ItemWrite>;

/** An item in a PUT/PATCH list: one with the `id` of an existing item updates it; one without is new. */
export const ItemEdit = Type.Object(
  { id: Type.Optional(Type.String({ description: 'An existing item of the order; omit for a new one.' })), ...writable },
  { additionalProperties: false },
);
export type ItemEdit = Static<typeof ItemEdit>;

export const Items = <T extends typeof ItemWrite | typeof ItemEdit>(item: T) =>
  Type.Array(item, { minItems: 1, maxItems: MAX_UNITS, description: 'At most 100 units in an order.' });

export const OrderItem = Type.Object(
  // What was written first, then what the server adds.
  {
    dish_id: Id,
    quantity: Quantity,
    seat: Nullable(Seat),
    option_ids: Type.Array(Id),
    note: Note,
    course: Type.Integer({ minimum: 1, description: '1 unless the order is paced by courses.' }),
    id: Id,
    name: Type.String({ description: "The dish's name when ordered." }),
    price: Type.Number({ description: "Per unit: the dish's price plus the options' price_delta, fixed when ordered." }),
    minutes: Type.Number({ description: "The dish's preparation_time plus the options' minutes_delta: what pacing and quotes use." }),
    allergens: Allergens("The dish's, less those brought only by removed ingredients, plus those of added ones."),
    modifiers: Type.Array(ChosenModifier, { description: 'The chosen options, for screens.' }),
    status: Type.Enum(ITEM_STATUSES),
  },
  { $id: 'OrderItem', additionalProperties: false },
);
export type OrderItem = Static<typeof OrderItem>;

export const SeatAllergies = Type.Array(
  Type.Object({ seat: Seat, allergies: Allergens('Allergies of that seat.') }, { additionalProperties: false }),
  { maxItems: 99, description: "Allergies of single seats (the order's `allergies` concern the whole table); default []." },
);
export type SeatAllergies = Static<typeof SeatAllergies>;

/** POST /orders/{id}/items: items joining an order while it cooks. */
export const ItemsAdd = Type.Object(
  {
    items: Items(ItemWrite),
    allergy_confirmed: Type.Optional(
      Type.Boolean({ description: "True: the guest confirmed the new items whose allergens meet the table's or a seat's allergies." }),
    ),
  },
  { additionalProperties: false },
);
export type ItemsAdd = Static<typeof ItemsAdd>;

/** POST /orders/{id}/items/{item_id}/void. */
export const ItemVoid = Type.Object(
  {
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'Units to void; default all of the item.' })),
    reason: Type.Optional(
      Type.String({ minLength: 1, maxLength: 140, description: 'Why, for the audit trail.', examples: ['Guest changed their mind'] }),
    ),
  },
  { additionalProperties: false },
);
export type ItemVoid = Static<typeof ItemVoid>;

export const REMAKE_REASONS = ['sent back', 'dropped', 'wrong', 'other'] as const;
export type RemakeReason = (typeof REMAKE_REASONS)[number];

/** POST /orders/{id}/items/{item_id}/remake. */
export const ItemRemake = Type.Object(
  {
    reason: Type.Enum(REMAKE_REASONS, { description: 'Why it is cooked again.' }),
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
);
export type ItemRemake = Static<typeof ItemRemake>;
