// Station tickets: each station's part of an order, bumped on its own board. The order's kitchen
// status follows them (domain/orders/tickets.ts).
import Type, { type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { STATIONS } from './dish.js';
import { ALLERGENS, Allergens } from './allergens.js';
import { ChosenModifier } from './modifiers.js';
import { REMAKE_REASONS, Seat } from './order-item.js';

export const TICKET_STATUSES = ['Draft', 'Received', 'In Progress', 'Ready', 'Voided'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** An essential ingredient the kitchen is short of, and how many units of it this order holds. */
const ShortMark = Type.Object(
  { ingredient_id: Id, name: Type.String(), units: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type ShortMark = Static<typeof ShortMark>;

/**
 * An item of this station whose allergens meet the allergies that concern it: only the ones that
 * meet. `item_id` and `seat` name it when the order has seats; an order without seats has one alert
 * per dish.
 */
const AllergyAlert = Type.Object(
  {
    dish_id: Id,
    item_id: Type.Optional(Id),
    seat: Type.Optional(Nullable(Seat)),
    allergens: Type.Array(Type.Enum(ALLERGENS), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type AllergyAlert = Static<typeof AllergyAlert>;

const When = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

/**
 * A change of a fired ticket: what the cook must add, stop making, or make again. An edit of
 * dish_ids lists dish ids in `added` and `removed`; the item operations list item ids in `added`,
 * `voided` or `remade` (and an empty `removed`).
 */
export const TicketChange = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    added: Type.Array(Type.String(), {
      description: 'Dish ids added to this ticket by a dish_ids edit (a dish added twice is listed twice); item ids added after it fired.',
    }),
    removed: Type.Array(Type.String(), { description: 'Dish ids removed from this ticket by a dish_ids edit.' }),
    voided: Type.Optional(Type.Array(Type.String(), { description: 'Item ids voided on this ticket.' })),
    remade: Type.Optional(Type.Array(Type.String(), { description: 'Item ids cooked again on this (remake) ticket.' })),
  },
  { additionalProperties: false },
);

export const TICKET_ITEM_STATUSES = ['Received', 'In Progress', 'Ready', 'Voided'] as const;
export type TicketItemStatus = (typeof TICKET_ITEM_STATUSES)[number];

/** One item as its ticket cooks it: bumped on its own, struck through when voided. */
export const TicketItem = Type.Object(
  {
    item_id: Id,
    name: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    seat: Nullable(Seat),
    modifiers: Type.Array(ChosenModifier),
    note: Nullable(Type.String()),
    allergens: Allergens("The item's allergens."),
    status: Type.Enum(TICKET_ITEM_STATUSES),
    started_at: When('Its first move to In Progress; null before.'),
    ready_at: When('When it became Ready; cleared by a recall.'),
  },
  { $id: 'TicketItem', additionalProperties: false },
);
export type TicketItem = Static<typeof TicketItem>;
export type TicketChange = Static<typeof TicketChange>;

export const Ticket = Type.Object(
  {
    station: Type.Enum(STATIONS),
    status: Type.Enum(TICKET_STATUSES),
    fired_at: When('When the ticket reached the kitchen (creation, or the release of a scheduled Draft); null while Draft.'),
    started_at: When('The first move to In Progress; null before.'),
    ready_at: When('When it became Ready; cleared by a recall.'),
    bumped_by: Nullable(
      Type.String({ description: 'Id of the user who made the last move; null before one (or a release by the scheduler).' }),
    ),
    course: Type.Integer({
      minimum: 1,
      description: 'The course the ticket belongs to: 1 unless the order is paced by courses.',
      examples: [1],
    }),
    fire_at: When('When the ticket is planned to fire; null while its course is held for a person (or the gap after the previous course).'),
    changes: Type.Array(TicketChange, { description: 'Changes of its dishes made after it fired, oldest first.' }),
    round: Type.Integer({
      minimum: 1,
      description:
        'Read-only: 1 for the first ticket of its station and course; items added after it started, or a remake, come in the next.',
      examples: [1],
    }),
    remake_of: Type.Optional(Id),
    remake_reason: Type.Optional(Type.Enum(REMAKE_REASONS, { description: 'Present on a remake ticket: why the item is cooked again.' })),
    items: Type.Array(TicketItem, { description: 'Read-only: the items this ticket cooks, each bumped on its own.' }),
    short: Type.Optional(
      Type.Array(ShortMark, {
        description:
          'Read-only, present only while marked: essential ingredients the kitchen is short of that this order ' +
          'holds (a stock correction below zero). A ticket that starts keeps its mark.',
      }),
    ),
    allergy_alerts: Type.Optional(
      Type.Array(AllergyAlert, {
        description: "Read-only, present only when there is one: this ticket's dishes whose allergens meet the order's allergies.",
      }),
    ),
  },
  { $id: 'Ticket', additionalProperties: false },
);
/** A ticket as clients get it. */
export type PublicTicket = Static<typeof Ticket>;
/**
 * A ticket as the domain handles it: one stored before pacing existed has no course, fire_at or
 * changes until the start-up upgrade (domain/orders/upgrades.ts); it is read as course 1 meanwhile.
 */
export type Ticket = Omit<PublicTicket, 'course' | 'fire_at' | 'changes' | 'round' | 'items'> &
  Partial<Pick<PublicTicket, 'course' | 'fire_at' | 'changes' | 'round' | 'items'>>;

/** PATCH /orders/{id}/tickets/{station}: Draft tickets are released with their order, never moved. */
export const TicketMove = Type.Object(
  {
    status: Type.Enum(['Received', 'In Progress', 'Ready'] as const, {
      description: 'Received → In Progress → Ready; recall one step back.',
    }),
    course: Type.Optional(
      Type.Integer({ minimum: 1, description: "Which course's ticket at the station; required when the order has more than one there." }),
    ),
    round: Type.Optional(
      Type.Integer({ minimum: 1, description: "Which round's ticket at the station; required when it has more than one there." }),
    ),
  },
  { additionalProperties: false },
);
export type TicketMove = Static<typeof TicketMove>;

/** PATCH /orders/{id}/tickets/{station}/items/{item_id}: one item's move, as a ticket's. */
export const ItemMove = Type.Object({ status: TicketMove.properties.status }, { additionalProperties: false });
export type ItemMove = Static<typeof ItemMove>;

export const StationParams = Type.Object({ station: Type.String({ description: 'cold, hot or beverages.', examples: ['hot'] }) });
export const TicketParams = Type.Object({
  id: Type.String({ description: 'The order id (24 hex characters).' }),
  station: StationParams.properties.station,
});

/** One dish of a station's all-day count. */
const AllDayItem = Type.Object({ dish_id: Id, name: Type.String(), quantity: Type.Integer({ minimum: 1 }) });

export const AllDay = Type.Object(
  {
    station: Type.Enum(STATIONS),
    items: Type.Array(AllDayItem, { description: 'Dishes on Received and In Progress tickets, largest quantity first.' }),
    upcoming: Type.Array(AllDayItem, { description: 'Dishes on Draft tickets firing within the next 30 minutes.' }),
  },
  { $id: 'AllDay' },
);
export type AllDay = Static<typeof AllDay>;

/** GET /stations/{station}/pace: the pace the station works at now, as quotes and fire times use it. */
export const StationPace = Type.Object(
  {
    station: Type.Enum(STATIONS),
    speed: Type.Number({
      exclusiveMinimum: 0,
      description:
        "Real minutes per menu minute: a ticket is expected to take its longest dish's preparation_time times this. " +
        '1 for a kitchen with no history; learned from the tickets the station readied, recent ones weighing most, ' +
        'and kept from one service to the next (docs/quotes.md).',
      examples: [1.2],
    }),
    cooks: Type.Integer({
      minimum: 1,
      description:
        "Tickets the station cooks at once: tonight's settings.staffing when set, else as learned from the tickets cooked at once.",
      examples: [3],
    }),
    learned_from: Type.Integer({
      minimum: 0,
      description: 'How many readied tickets the pace rests on (bumps that were not cooking left out).',
    }),
    dishes: Type.Array(
      Type.Object({
        dish_id: Type.String(),
        name: Type.String(),
        minutes: Type.Number({
          minimum: 0,
          description: "The dish's expected minutes at this pace (its own, once seen often enough), its items' options included.",
        }),
        menu_minutes: Type.Number({
          minimum: 0,
          description:
            "What the menu says its items take: the dish's preparation_time plus the minutes its options added to the items " +
            'cooked here (recent ones weighing most; none before any was measured).',
        }),
      }),
      { description: "The station's dishes, by name." },
    ),
    late_margin_minutes: Type.Integer({
      minimum: 0,
      description: 'Minutes past the expected time after which a ticket counts as late (as the kitchen report counts it).',
      examples: [5],
    }),
  },
  { $id: 'StationPace' },
);
export type StationPace = Static<typeof StationPace>;
