// GET /reports/kitchen: speed of service per station and for whole orders, over time buckets.
import Type, { type Static } from 'typebox';
import { Id, Nullable, Timestamp } from './common.js';
import { STATIONS } from './dish.js';
import { REMAKE_REASONS } from './order-item.js';

export const BUCKETS = ['hour', 'day', 'quarter_hour'] as const;

const Seconds = (description: string) =>
  Nullable(Type.Number({ minimum: 0, description: `${description}; null when nothing was measured.` }));
const Spread = Type.Object({
  median_seconds: Seconds('Median (nearest rank)'),
  p90_seconds: Seconds('90th percentile (nearest rank)'),
});

const TicketTimes = {
  tickets: Type.Integer({ minimum: 0, description: 'Tickets readied (ready_at in the period).' }),
  median_seconds: Seconds('Median of ready_at − fired_at'),
  p90_seconds: Seconds('90th percentile of ready_at − fired_at'),
  late: Type.Integer({ minimum: 0, description: "Tickets that took longer than the station's longest dish on them plus 5 minutes." }),
};

const SignedSeconds = (description: string) =>
  Nullable(
    Type.Number({ description: `${description}; negative when readied before the promise; null when no readied order had a quote.` }),
  );
const PromiseKept = Type.Object(
  {
    quoted: Type.Integer({
      minimum: 0,
      description: 'Orders readied in the period that had a quoted_ready_at (orders placed before quotes existed have none).',
    }),
    median_seconds: SignedSeconds('Median (nearest rank) of ready_at − quoted_ready_at'),
    p90_seconds: SignedSeconds('90th percentile (nearest rank) of ready_at − quoted_ready_at'),
    late: Type.Integer({
      minimum: 0,
      description: 'Of those, orders readied more than 5 minutes after quoted_ready_at: promises broken. quoted − late kept theirs.',
    }),
  },
  {
    description:
      'Promised vs actual: the Ready for Assembly time of the orders readied in the period against the time quoted to the guest when each was placed.',
    examples: [{ quoted: 12, median_seconds: -95, p90_seconds: 410, late: 1 }],
  },
);

const OrderTimes = {
  placed: Type.Integer({ minimum: 0, description: 'Orders placed (created_at in the period).' }),
  ready: Type.Integer({ minimum: 0, description: 'Orders that became Ready for Assembly in the period.' }),
  closed: Type.Integer({ minimum: 0, description: 'Orders that left the pass (On the Way or Ready for Pickup) in the period.' }),
  placed_to_ready: Spread,
  ready_to_closed: Spread,
  ready_vs_quoted: PromiseKept,
};

export const KitchenReportQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Start (inclusive); default 24 hours before `to`.' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'End (exclusive); default now. At most 93 days after `from`.' })),
  bucket: Type.Optional(
    Type.Enum(BUCKETS, {
      description:
        "Period of each bucket: a local hour or day of the settings' time_zone; default hour. quarter_hour: " +
        "15 minutes (the same in every zone, all offsets being whole quarter hours), for a day's service at a " +
        'glance.',
    }),
  ),
});
export type KitchenReportQuery = Static<typeof KitchenReportQuery>;

const DishCounts = Type.Array(
  Type.Object({
    dish_id: Id,
    name: Type.String({ description: "The dish's name when ordered." }),
    sold: Type.Integer({ minimum: 0, description: 'Units sold (items still active).' }),
    voided_before_start: Type.Integer({ minimum: 0, description: 'Units voided before the kitchen started them (stock given back).' }),
    voided_after_start: Type.Integer({ minimum: 0, description: 'Units voided after the kitchen started them: waste.' }),
  }),
  { description: 'Most units sold first.' },
);
const RemakeCounts = Type.Array(
  Type.Object({ station: Type.Enum(STATIONS), reason: Type.Enum(REMAKE_REASONS), count: Type.Integer({ minimum: 1 }) }),
  { description: 'Most first.' },
);

export const KitchenReport = Type.Object(
  {
    from: Timestamp,
    to: Timestamp,
    bucket: Type.Enum(BUCKETS),
    time_zone: Type.String({
      description: "The settings' time_zone: buckets are its local hours or days (a daylight-saving day lasts 23 or 25 hours).",
    }),
    today: Type.String({
      format: 'date-time',
      description: 'When the current local day began in time_zone (local midnight), as a UTC instant.',
    }),
    stations: Type.Array(
      Type.Object({
        station: Type.Enum(STATIONS),
        ...TicketTimes,
        buckets: Type.Array(Type.Object({ start: Timestamp, ...TicketTimes }), {
          description: 'Every bucket of the range, empty ones too.',
        }),
      }),
    ),
    orders: Type.Object({ ...OrderTimes, buckets: Type.Array(Type.Object({ start: Timestamp, ...OrderTimes })) }),
    items: Type.Object(
      {
        dishes: DishCounts,
        buckets: Type.Array(Type.Object({ start: Timestamp, dishes: DishCounts })),
      },
      {
        description:
          'Per dish, units of the orders placed in the range: sold, and voided before and after the kitchen started them (waste).',
      },
    ),
    remakes: Type.Object(
      {
        counts: RemakeCounts,
        buckets: Type.Array(Type.Object({ start: Timestamp, counts: RemakeCounts })),
      },
      { description: 'Items cooked again, per station and reason, by when the remake fired.' },
    ),
    stock: Type.Array(
      Type.Object({
        ingredient_id: Id,
        name: Type.String(),
        in_stock_qty: Type.Number(),
        unit: Nullable(Type.String({ description: "The ingredient's unit of in_stock_qty and units_used (null: none set)." })),
        units_used: Type.Number({ description: 'Units taken by the orders placed in the range.' }),
        orders_covered: Type.Integer({
          description: "How many more orders the stock covers at the range's pace (units used per order placed).",
        }),
      }),
      { description: 'Ingredients the range used, those running out first at the top.' },
    ),
  },
  { $id: 'KitchenReport' },
);
export type KitchenReport = Static<typeof KitchenReport>;
