// The AsyncAPI 3 description of the realtime events, served at GET /asyncapi.json. Message
// payloads reuse the REST schemas, so the two documents cannot drift apart.
import { Dish } from '../models/dish.js';
import { Ingredient } from '../models/ingredient.js';
import { Order } from '../models/order.js';
import { PrinterStatus } from '../models/printer.js';
import { Settings } from '../models/settings.js';
import { AllDay } from '../models/ticket.js';
import { StockUpdate, type EventType } from './events.js';
import { CHANNELS, MESSAGES, SAMPLES } from './asyncapi-catalogue.js';

const ref = (path: string) => ({ $ref: `#/${path}` });
/** A REST schema as plain JSON Schema, without the `$id` that names it there. */
const plain = (schema: object): object => {
  const { $id: _id, ...rest } = JSON.parse(JSON.stringify(schema)) as { $id?: string };
  return rest;
};
const messageKey = (type: EventType) => type.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

function envelopeSchema(type: EventType, data: object): object {
  return {
    type: 'object',
    required: ['id', 'type', 'at', 'data'],
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Grows by one per event sent by this server process.' },
      type: { const: type },
      at: { type: 'string', format: 'date-time', description: 'When the event was sent.' },
      data,
    },
  };
}

const messages = Object.fromEntries(
  MESSAGES.map(({ type, summary, data }) => [
    messageKey(type),
    {
      name: type,
      title: type,
      summary,
      payload: envelopeSchema(type, data),
      examples: [{ name: type, payload: { id: 42, type, at: '2026-11-21T12:00:00.000Z', data: SAMPLES[type] } }],
    },
  ]),
);

const channels = Object.fromEntries(
  CHANNELS.map(({ key, address, description, types }) => [
    key,
    { address, description, messages: Object.fromEntries(types.map((t) => [messageKey(t), ref(`components/messages/${messageKey(t)}`)])) },
  ]),
);

const operations = Object.fromEntries(
  CHANNELS.map(({ key, types, description }) => [
    `receive${key[0]?.toUpperCase()}${key.slice(1)}`,
    {
      action: 'receive',
      summary: description,
      channel: ref(`channels/${key}`),
      messages: types.map((t) => ref(`channels/${key}/messages/${messageKey(t)}`)),
    },
  ]),
);

const server = (pathname: string, description: string) => ({
  host: '{host}',
  pathname,
  protocol: 'ws',
  description,
  variables: { host: { default: 'localhost:3000', description: 'The REST API host and port.' } },
  security: [ref('components/securitySchemes/accessToken')],
});

export const asyncApiDocument = {
  asyncapi: '3.1.0',
  info: {
    title: 'Restaurant POS realtime events',
    version: '1.0.0',
    description:
      'Changes pushed to kitchen screens, the expeditor board and the ordering app once they are durable. ' +
      'Subscribe to rooms (socket.io: emit `subscribe` with `{ rooms }` and an ack; /ws: send `{ "type": "subscribe", "rooms": [...] }`). ' +
      'socket.io uses the event `type` as the event name; /ws sends each envelope as one JSON text message. See docs/realtime.md.',
  },
  defaultContentType: 'application/json',
  servers: {
    socketio: server('/socket.io', 'socket.io 4 (engine.io v4): pass the access token as `auth: { token }`; omit it for the menu only.'),
    websocket: server('/ws', 'Plain WebSocket: `Authorization: Bearer <token>` or `?access_token=<token>`; omit both for the menu only.'),
  },
  channels,
  operations,
  components: {
    schemas: {
      Order: plain(Order),
      Dish: plain(Dish),
      Ingredient: plain(Ingredient),
      AllDay: plain(AllDay),
      StockUpdate: plain(StockUpdate),
      Settings: plain(Settings),
      PrinterStatus: plain(PrinterStatus),
    },
    messages,
    securitySchemes: {
      accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from POST /auth/token.' },
    },
  },
} as const;
