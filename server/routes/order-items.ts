// An order's items while it cooks: a round added, an item voided, an item remade.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { requireUser } from '../../domain/accounts/access.js';
import * as changes from '../../domain/orders/item-changes.js';
import { Order } from '../../models/order.js';
import { ItemRemake, ItemsAdd, ItemVoid } from '../../models/order-item.js';
import { IdParams } from '../../models/common.js';
import { problems } from './shared.js';

const tags = ['Orders'];
const security = [{ AccessToken: [] }];
const ItemParams = Type.Object({ ...IdParams.properties, item_id: Type.String({ description: 'The item id (24 hex characters).' }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = app.authenticate(requireUser);
  // A held ticket of a new round waits for the clock with its course: the scheduler plans its wake-up anew.
  const poked = (order: Order): Order => {
    if (order.tickets.some((ticket) => ticket.status === 'Draft' && ticket.fire_at !== null)) app.pos.scheduler.poke();
    return order;
  };

  app.post(
    '/orders/:id/items',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'addOrderItems',
        tags,
        security,
        summary: 'Add items to an order while it cooks (a round of drinks)',
        description:
          'Staff, or the owning patron while the order is Draft or Received. The items join the ticket of their ' +
          'station and course if nobody has started it, else a new ticket of the next `round` (fired at once if ' +
          'its course has fired). Stock, allergy and kitchen-full checks as on create; on a refusal nothing is ' +
          'added. 409 once the order is On the Way or Ready for Pickup.',
        params: IdParams,
        body: ItemsAdd,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => poked(await changes.addItems(app.pos, request.principal, request.params.id, request.body)),
  );

  app.post(
    '/orders/:id/items/:item_id/void',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'voidOrderItem',
        tags,
        security,
        summary: 'Void an item, or some units of it',
        description:
          'Staff, or the owning patron while the order is Draft or Received. `quantity` units (default all) ' +
          'become a Voided item, struck through on its ticket. Stock comes back only if nobody had started it; ' +
          'otherwise the units are waste, counted by the kitchen report.',
        params: ItemParams,
        body: ItemVoid,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => changes.voidItem(app.pos, request.principal, request.params.id, request.params.item_id, request.body),
  );

  app.post(
    '/orders/:id/items/:item_id/remake',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'remakeOrderItem',
        tags,
        security,
        summary: 'Cook an item again (sent back, dropped, wrong)',
        description:
          "Chefs, expeditors and managers. A new ticket at the item's station and course, of the next `round`, " +
          'with `remake_of` and `remake_reason`, fired at once; its stock is taken again (409 when an essential ' +
          'ingredient lacks: nothing changes). An order Ready for Assembly goes back to In Progress.',
        params: ItemParams,
        body: ItemRemake,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => changes.remakeItem(app.pos, request.principal, request.params.id, request.params.item_id, request.body),
  );
};

export default routes;
