// What the AsyncAPI document lists: each event type with its data schema and a sample, and each
// room (channel) with the event types it carries.
import type { Dish } from '../models/dish.js';
import type { Ingredient } from '../models/ingredient.js';
import type { Printer } from '../models/printer.js';
import type { EventData, EventType, KitchenOrder } from './events.js';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const kitchenOrder = {
  allOf: [
    schema('Order'),
    {
      type: 'object',
      required: ['dishes'],
      properties: {
        dishes: {
          type: 'array',
          items: schema('Dish'),
          description:
            "Station rooms: that station's dishes only, in dish_ids order, duplicates kept. Expeditor and my-orders: every dish.",
        },
      },
    },
  ],
};

export const MESSAGES: { type: EventType; summary: string; data: object }[] = [
  { type: 'order.created', summary: 'An order was placed.', data: kitchenOrder },
  {
    type: 'order.updated',
    summary: 'An order changed (status, priority, dishes…). A station the order no longer concerns gets it once with `dishes: []`.',
    data: kitchenOrder,
  },
  { type: 'order.deleted', summary: 'An order was deleted; `data` is the order as it last was.', data: kitchenOrder },
  { type: 'dish.created', summary: 'A dish was added to the menu.', data: schema('Dish') },
  { type: 'dish.updated', summary: 'A dish changed.', data: schema('Dish') },
  { type: 'dish.deleted', summary: 'A dish was removed; `data` is the dish as it last was.', data: schema('Dish') },
  {
    type: 'dish.availability',
    summary:
      'A dish became available or unavailable, or its `portions_left` changed to a value at or below the ' +
      '`low_portions` setting (stock changed through an order, the API or the database). Sent to the menu ' +
      "room and to the room of the dish's station only.",
    data: {
      type: 'object',
      required: ['id', 'is_available', 'portions_left'],
      properties: {
        id: { type: 'string' },
        is_available: { type: 'boolean' },
        portions_left: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'As on the dish; null for a dish without an essential ingredient.',
        },
      },
    },
  },
  { type: 'ingredient.created', summary: 'An ingredient was added.', data: schema('Ingredient') },
  {
    type: 'ingredient.updated',
    summary:
      'An ingredient was renamed or repriced (`data` is the whole ingredient, its stock included). A change of stock alone is a `stock.updated`.',
    data: schema('Ingredient'),
  },
  {
    type: 'ingredient.deleted',
    summary: 'An ingredient was deleted; `data` is the ingredient as it last was.',
    data: schema('Ingredient'),
  },
  {
    type: 'stock.updated',
    summary:
      'One commit (an order, a PATCH, a write to the database) changed the stock of these ingredients: one ' +
      'event per commit, listing each once with its new `in_stock_qty`.',
    data: schema('StockUpdate'),
  },
  {
    type: 'station.all_day',
    summary:
      "The station's all-day counts changed (an order placed, bumped, released, edited or deleted); `data` is what GET /stations/{station}/all-day answers.",
    data: schema('AllDay'),
  },
  {
    type: 'settings.updated',
    summary:
      "The restaurant's settings changed (time zone, default pacing, wait limit, low portions); `data` is what GET /settings now answers.",
    data: schema('Settings'),
  },
  {
    type: 'printer.state',
    summary:
      "A kitchen printer's state changed: it answers again or not (`state`, `last_error`), the chits waiting for it " +
      '(`jobs_waiting`), or the stations a fallback printer has taken over (`taken_over`). `data` is what GET /printers ' +
      'answers for that printer; `checked_at` is when its state was seen (GET /printers has the latest look). A ' +
      'printer added or removed is told by `settings.updated`.',
    data: schema('PrinterStatus'),
  },
  {
    type: 'resync',
    summary: 'Changes may have been missed: reload from the REST lists.',
    data: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } },
  },
];

const ORDER_EVENTS: EventType[] = ['order.created', 'order.updated', 'order.deleted'];
const INGREDIENT_EVENTS: EventType[] = ['ingredient.created', 'ingredient.updated', 'ingredient.deleted'];
const MENU_EVENTS: EventType[] = [
  'dish.created',
  'dish.updated',
  'dish.deleted',
  'dish.availability',
  ...INGREDIENT_EVENTS,
  'stock.updated',
];
const station = (name: string) => ({
  key: `station${name[0]?.toUpperCase()}${name.slice(1)}`,
  address: `station:${name}`,
  description:
    `The ${name} station's KDS (chef, expeditor, manager): orders holding ${name} dishes, with every ` +
    `ticket and only those dishes, the station's all-day counts, the availability and low portions of its ` +
    `own dishes, and the restaurant's settings.`,
  types: [...ORDER_EVENTS, 'station.all_day', 'dish.availability', 'settings.updated', 'resync'] as EventType[],
});

export const CHANNELS: { key: string; address: string; description: string; types: EventType[] }[] = [
  station('cold'),
  station('hot'),
  station('beverages'),
  {
    key: 'expeditor',
    address: 'expeditor',
    description: 'The expeditor board (chef, expeditor, manager): every order with all its dishes.',
    types: [...ORDER_EVENTS, 'settings.updated', 'resync'],
  },
  {
    key: 'myOrders',
    address: 'my-orders',
    description:
      'The ordering app (any signed-in user): the orders this user placed, and only those, with all their ' +
      'dishes and tickets, as they are placed, move through the kitchen, and are deleted.',
    types: [...ORDER_EVENTS, 'resync'],
  },
  {
    key: 'printers',
    address: 'printers',
    description:
      "The kitchen printers (chef, expeditor, manager): each printer's state as it changes, and the settings (which printers there are).",
    types: ['printer.state', 'settings.updated', 'resync'],
  },
  {
    key: 'menu',
    address: 'menu',
    description:
      'The menu (everyone, also anonymous): dishes, their availability, and ingredient stock. Kitchen staff who want stock on a screen join it as well.',
    types: [...MENU_EVENTS, 'resync'],
  },
];

/** The example printer: in the settings' example and, with its state, in printer.state's. */
const hotLinePrinter: Printer = {
  id: '66294b2a4475a41f3e709bd1',
  name: 'Hot line',
  host: '192.168.1.50',
  port: 9100,
  stations: ['hot'],
  mode: 'fallback',
  columns: 42,
};

const dish: Dish = {
  id: '692a4a34a46ecf001f35ac6f',
  created_at: '2026-11-21T11:00:00.000Z',
  updated_at: '2026-11-21T11:00:00.000Z',
  name: 'Risotto alla Milanese',
  description: 'Saffron risotto.',
  category: 'Main Course',
  image_name: 'risotto',
  ingredients: [{ ingredient_id: '66294b2a4475a41f3e709bc5', is_essential: true }],
  preparation_time: 18,
  price: 14.5,
  station: 'hot',
  modifier_groups: [
    {
      id: '692a4a34a46ecf001f35ac70',
      name: 'Cheese',
      min: 0,
      max: 1,
      options: [
        {
          id: '692a4a34a46ecf001f35ac71',
          name: 'No parmesan',
          price_delta: 0,
          minutes_delta: 0,
          ingredient_id: '66294b2a4475a41f3e709bc5',
          action: 'remove',
        },
      ],
    },
  ],
  is_available: true,
  portions_left: 12,
  allergens: ['milk'],
};
const order: KitchenOrder = {
  id: '674d0bf5c28b69001f8e03a1',
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
  name: 'Ben',
  dish_ids: [dish.id, dish.id],
  items: [
    {
      id: '674d0bf5c28b69001f8e03b1',
      dish_id: dish.id,
      quantity: 2,
      seat: 2,
      option_ids: [],
      note: 'One without pepper',
      course: 1,
      name: dish.name,
      price: dish.price,
      minutes: dish.preparation_time,
      allergens: ['milk'],
      modifiers: [],
      status: 'Active',
    },
  ],
  total: 29,
  table_number: 18,
  special_requests: 'No peanuts',
  scheduled_at: null,
  allergies: [],
  seat_allergies: [{ seat: 2, allergies: ['milk'] }],
  priority: 3,
  status: 'Received',
  fire_at: null,
  ready_at: null,
  closed_at: null,
  pacing: 'at_once',
  course_gap_minutes: null,
  tickets: [
    {
      station: 'hot',
      status: 'Received',
      fired_at: '2026-11-21T12:00:00.000Z',
      started_at: null,
      ready_at: null,
      bumped_by: null,
      course: 1,
      fire_at: '2026-11-21T12:00:00.000Z',
      changes: [],
      round: 1,
      items: [
        {
          item_id: '674d0bf5c28b69001f8e03b1',
          name: dish.name,
          quantity: 2,
          seat: 2,
          modifiers: [],
          note: 'One without pepper',
          allergens: ['milk'],
          status: 'Received',
          started_at: null,
          ready_at: null,
        },
      ],
      allergy_alerts: [{ dish_id: dish.id, item_id: '674d0bf5c28b69001f8e03b1', seat: 2, allergens: ['milk'] }],
    },
  ],
  dishes: [dish, dish],
};
const ingredient: Ingredient = {
  id: '66294b2a4475a41f3e709bc5',
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
  name: 'Saffron',
  in_stock_qty: 12,
  price: 0.35,
  unit: 'g',
  allergens: [],
};

export const SAMPLES: { [T in EventType]: EventData[T] } = {
  'order.created': order,
  'order.updated': { ...order, status: 'In Progress', updated_at: '2026-11-21T12:05:00.000Z' },
  'order.deleted': order,
  'dish.created': dish,
  'dish.updated': { ...dish, price: 15 },
  'dish.deleted': dish,
  'dish.availability': { id: dish.id, is_available: true, portions_left: 4 },
  'ingredient.created': ingredient,
  'ingredient.updated': { ...ingredient, price: 0.4 },
  'ingredient.deleted': ingredient,
  'stock.updated': {
    ingredients: [
      { id: ingredient.id, in_stock_qty: 10, updated_at: '2026-11-21T12:00:00.000Z' },
      { id: '66294b2a4475a41f3e709bc6', in_stock_qty: 0, updated_at: '2026-11-21T12:00:00.000Z' },
    ],
  },
  'station.all_day': { station: 'hot', items: [{ dish_id: dish.id, name: dish.name, quantity: 2 }], upcoming: [] },
  'settings.updated': {
    time_zone: 'Europe/Berlin',
    default_pacing: 'at_once',
    max_wait_minutes: 45,
    low_portions: 10,
    staffing: { cold: 2, hot: 3, beverages: null },
    course_gap_minutes: null,
    language: 'de',
    currency: 'EUR',
    printers: [hotLinePrinter],
    updated_at: '2026-11-21T12:00:00.000Z',
  },
  'printer.state': {
    ...hotLinePrinter,
    state: 'unreachable',
    last_error: 'cannot connect to 192.168.1.50:9100 (ECONNREFUSED)',
    checked_at: '2026-11-21T19:43:05.120Z',
    jobs_waiting: 3,
    taken_over: ['hot'],
  },
  resync: { reason: 'The change stream could not resume.' },
};
