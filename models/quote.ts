// GET /quote: when an order of these dishes, placed now, would be Ready for Assembly.
import Type, { type Static } from 'typebox';
import { STATIONS } from './dish.js';
import { PACINGS } from './settings.js';

export const QuoteQuery = Type.Object({
  dish_ids: Type.String({
    minLength: 1,
    description: 'The dishes, comma-separated, as the order would list them (a dish twice is made twice).',
    examples: ['692a4a34a46ecf001f35ac6f,692a4a34a46ecf001f35ac70'],
  }),
  pacing: Type.Optional(Type.Enum(PACINGS, { description: "The order's pacing; default the settings' default_pacing." })),
  scheduled_at: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the order is wanted: it is then never quoted before this.' }),
  ),
});
export type QuoteQuery = Static<typeof QuoteQuery>;

const ReadyAt = Type.String({ format: 'date-time' });

export const Quote = Type.Object(
  {
    ready_at: Type.String({ format: 'date-time', description: 'When the order would be Ready for Assembly: the latest of its stations.' }),
    minutes: Type.Integer({ minimum: 0, description: 'ready_at − now, in whole minutes, rounded up.' }),
    stations: Type.Array(
      Type.Object({
        station: Type.Enum(STATIONS),
        ready_at: ReadyAt,
        ahead: Type.Integer({
          minimum: 0,
          description: 'Received and In Progress tickets at the station that the new one would queue behind.',
        }),
      }),
      { description: 'One per station among the dishes, in the order cold, hot, beverages.' },
    ),
  },
  { $id: 'Quote' },
);
export type Quote = Static<typeof Quote>;
