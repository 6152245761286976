// Station tickets: a station bumps or recalls its own part of an order, reads its queue and its
// all-day counts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { requireKitchenStaff } from '../../domain/accounts/access.js';
import * as stations from '../../domain/orders/stations.js';
import { Dish } from '../../models/dish.js';
import { Order, stationOrderCatalogue } from '../../models/order.js';
import { AllDay, ItemMove, StationPace, StationParams, TicketMove, TicketParams } from '../../models/ticket.js';
import { stationPace } from '../../domain/kitchen/pace.js';
import { ListQuerystring } from '../../models/common.js';
import { parseListQuery } from '../../query/parse.js';
import { ListResponse, problems, projectPage } from './shared.js';

const tags = ['Stations'];
const security = [{ AccessToken: [] }];
const StationOrder = Type.Intersect(
  [
    Order,
    Type.Object({
      dishes: Type.Array(Dish, { description: 'The dishes this ticket cooks, one per unit (as dish_ids counts them).' }),
      course: Type.Integer({ minimum: 1, description: 'The course of the ticket this row is (1 unless the order is paced by courses).' }),
      round: Type.Integer({
        minimum: 1,
        description: 'The round of the ticket this row is (1 unless items came after it started, or a remake).',
      }),
    }),
  ],
  { $id: 'StationOrder' },
);
const ItemParams = Type.Object({
  ...TicketParams.properties,
  item_id: Type.String({ description: 'The item id (24 hex characters).' }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Patrons are refused (403) before a body is even read.
  const kitchen = app.authenticate((principal) => requireKitchenStaff(principal, 'work with station tickets'));

  app.patch(
    '/orders/:id/tickets/:station',
    {
      preValidation: kitchen,
      schema: {
        operationId: 'moveOrderTicket',
        tags,
        security,
        summary: "Move one station's ticket of an order (bump or recall)",
        description:
          'Received → In Progress → Ready, and recall one step back. The order follows its tickets: In Progress ' +
          'once any ticket has started, Ready for Assembly when every ticket is Ready. Sending the status the ' +
          'ticket already has changes nothing. `course` picks the ticket when the order has one per course at ' +
          'the station (400 naming the courses without it), and `round` among its rounds (items added after the ' +
          'ticket started, remakes).',
        params: TicketParams,
        body: TicketMove,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const moved = await stations.moveStationTicket(app.pos, request.principal, request.params.id, request.params.station, request.body);
      // A course all Ready may have started the next one's gap: the scheduler plans its wake-up anew.
      if (moved.tickets.some((ticket) => ticket.status === 'Draft' && ticket.fire_at !== null)) app.pos.scheduler.poke();
      return moved;
    },
  );

  app.patch(
    '/orders/:id/tickets/:station/items/:item_id',
    {
      preValidation: kitchen,
      schema: {
        operationId: 'moveTicketItem',
        tags,
        security,
        summary: 'Move one item of a station ticket (item-level bump or recall)',
        description:
          'The moves of a ticket, for one item: Received → In Progress → Ready, and recall one step back. The ' +
          "ticket follows its items (Voided ones ignored) and the order its tickets. The item's ticket at the " +
          'station is the latest round listing it (a remake). Sending the status the item already has changes nothing.',
        params: ItemParams,
        body: ItemMove,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { id, station, item_id: itemId } = request.params;
      const moved = await stations.moveStationItem(app.pos, request.principal, id, station, itemId, request.body);
      if (moved.tickets.some((ticket) => ticket.status === 'Draft' && ticket.fire_at !== null)) app.pos.scheduler.poke();
      return moved;
    },
  );

  app.get(
    '/stations/:station/tickets',
    {
      preValidation: kitchen,
      schema: {
        operationId: 'listStationTickets',
        tags,
        security,
        summary: "A station's queue",
        description:
          'One row per fired ticket at the station: Received and In Progress ones, and Ready or Voided ones for ' +
          '10 minutes after (for recall, and so a cook sees what was called off), each with its course and that ' +
          "station's dishes of the course; highest priority first, then the oldest fired, unless sorted. Held tickets are not " +
          'listed (see all-day `upcoming`).',
        params: StationParams,
        querystring: ListQuerystring,
        response: { 200: ListResponse(StationOrder, "A page of the station's queue"), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, stationOrderCatalogue);
      return projectPage(await stations.stationQueue(app.pos, request.principal, request.params.station, query), query.fields);
    },
  );

  app.get(
    '/stations/:station/all-day',
    {
      preValidation: kitchen,
      schema: {
        operationId: 'getStationAllDay',
        tags,
        security,
        summary: "A station's all-day counts",
        description:
          "How many of each of the station's dishes are on Received and In Progress tickets (largest first), and on Draft tickets firing within 30 minutes.",
        params: StationParams,
        response: { 200: AllDay, ...problems(401, 403, 404) },
      },
    },
    async (request) => stations.allDay(app.pos, request.principal, request.params.station),
  );

  app.get(
    '/stations/:station/pace',
    {
      preValidation: kitchen,
      schema: {
        operationId: 'getStationPace',
        tags,
        security,
        summary: 'How fast a station works now, to tell its late tickets',
        description:
          "A ticket is expected to take its longest dish's preparation_time times `factor` (the pace the quotes use); " +
          'its board shows it amber past that and red past it plus `late_margin_minutes`, as the kitchen report counts late.',
        params: StationParams,
        response: { 200: StationPace, ...problems(401, 403, 404) },
      },
    },
    async (request) => stationPace(app.pos, request.principal, request.params.station),
  );
};

export default routes;
