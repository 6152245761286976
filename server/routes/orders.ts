// /orders: placed by anyone signed in, seen by staff (patrons: their own), moved along by the kitchen.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireManager, requireUser } from '../../domain/accounts/access.js';
import { orderAudit } from '../../domain/orders/audit.js';
import { AuditEntry, auditEntryCatalogue } from '../../models/audit.js';
import * as orders from '../../domain/orders/orders.js';
import type { Principal } from '../../domain/accounts/principal.js';
import { FieldsQuery, IdParams, ListQuerystring } from '../../models/common.js';
import { Dish, dishCatalogue } from '../../models/dish.js';
import { Order, orderCatalogue, OrderCreate, OrderPatch, OrderReplace } from '../../models/order.js';
import { evaluateListQuery } from '../../query/evaluate.js';
import { parseFields, parseListQuery, project } from '../../query/parse.js';
import { ListResponse, NoContent, problems, Projectable, projectPage, sendCreated, sendJsonText } from './shared.js';

const tags = ['Orders'];
const security = [{ AccessToken: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = app.authenticate(requireUser);

  app.post(
    '/orders',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'createOrder',
        tags,
        security,
        summary: 'Place an order',
        description:
          'Takes one unit of every ingredient of every dish, atomically; 409 when an essential ingredient would ' +
          'run out. An order due later than its longest dish plus 5 minutes starts as a Draft.',
        body: OrderCreate,
        response: { 201: Order, ...problems(400, 401, 409, 415) },
      },
    },
    async (request, reply) => {
      const created = await orders.createOrder(app.pos, requireUser(request.principal), request.body);
      if (created.tickets.some((ticket) => ticket.status === 'Draft' && ticket.fire_at !== null)) app.pos.scheduler.poke();
      return sendCreated(reply, '/orders', created);
    },
  );

  app.get(
    '/orders',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'listOrders',
        tags,
        security,
        summary: 'List orders (patrons: their own)',
        querystring: ListQuerystring,
        response: { 200: ListResponse(Order, 'A page of orders'), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, orderCatalogue);
      const principal = requireUser(request.principal);
      // Whole orders come as text kept in memory (domain/views/order-pages.ts): JSON text with a JSON media
      // type is sent as it is, without the schema's serializer, so that text is built in its shape.
      const text = await orders.orderPageText(app.pos.orderPages, principal, query);
      if (text !== null) return sendJsonText(reply, text);
      return projectPage(await orders.listOrders(app.pos, principal, query), query.fields);
    },
  );

  app.get(
    '/orders/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'getOrder',
        tags,
        security,
        summary: 'Get an order',
        params: IdParams,
        querystring: FieldsQuery,
        response: { 200: Projectable(Order), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const fields = parseFields(request.query.fields, orderCatalogue);
      return project(await orders.getOrder(app.pos, requireUser(request.principal), request.params.id), fields);
    },
  );

  app.get(
    '/orders/:id/dishes',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'listOrderDishes',
        tags,
        security,
        summary: "List an order's dishes",
        description: 'One Dish per entry of dish_ids (duplicates kept, in order) before the list parameters apply.',
        params: IdParams,
        querystring: ListQuerystring,
        response: { 200: ListResponse(Dish, "A page of the order's dishes"), ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, dishCatalogue);
      const all = await orders.orderDishes(app.pos, requireUser(request.principal), request.params.id);
      return projectPage(evaluateListQuery(all, query, dishCatalogue), query.fields);
    },
  );

  const change = async (request: { principal: Principal | null; params: { id: string }; body: OrderPatch }) => {
    const changed = await orders.changeOrder(app.pos, requireUser(request.principal), request.params.id, request.body);
    app.pos.scheduler.poke();
    return changed;
  };

  app.put(
    '/orders/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'replaceOrder',
        tags,
        security,
        summary: 'Update an order (what the body omits keeps its value)',
        params: IdParams,
        body: OrderReplace,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409) },
      },
    },
    change,
  );

  app.patch(
    '/orders/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'updateOrder',
        tags,
        security,
        summary: 'Change an order: status moves, priority, or its details',
        params: IdParams,
        body: OrderPatch,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409) },
      },
    },
    change,
  );

  app.get(
    '/orders/:id/audit',
    {
      preValidation: app.authenticate((principal) => requireManager(principal, "read an order's audit trail")),
      schema: {
        operationId: 'listOrderAudit',
        tags,
        security,
        summary: "An order's audit trail (managers)",
        description:
          'Who placed, changed, bumped, fired, voided or deleted the order, oldest first; also for a deleted ' +
          'order. Entries are kept 90 days. 404 for an order that does not exist and has no entries.',
        params: IdParams,
        querystring: ListQuerystring,
        response: {
          200: ListResponse(AuditEntry, "A page of the order's audit trail, oldest first unless sorted"),
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, auditEntryCatalogue);
      return projectPage(await orderAudit(app.pos, request.principal, request.params.id, query), query.fields);
    },
  );

  app.delete(
    '/orders/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'deleteOrder',
        tags,
        security,
        summary: 'Delete an order (stock comes back while Draft or Received)',
        params: IdParams,
        response: { 204: NoContent, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await orders.deleteOrder(app.pos, requireUser(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
