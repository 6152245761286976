// Fires by a person: the expeditor fires the next course of an order, or rushes all it holds.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import * as fires from '../../domain/orders/fires.js';
import { requireExpeditor } from '../../domain/accounts/access.js';
import { IdParams } from '../../models/common.js';
import { Order } from '../../models/order.js';
import { problems } from './shared.js';

const tags = ['Orders'];
const security = [{ AccessToken: [] }];
// Digits only: `0x2`, `+2` or ` 2` are no course number, though a coercing validator reads them as 2.
const CourseParams = Type.Object({
  id: IdParams.properties.id,
  n: Type.String({
    pattern: '^[1-9][0-9]{0,5}$',
    'x-document-as': Type.Integer({ minimum: 1, description: 'The course number (1, 2, …), in digits.', examples: [2] }),
  }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const pass = app.authenticate((principal) => requireExpeditor(principal, 'fire held tickets'));

  app.post(
    '/orders/:id/courses/:n/fire',
    {
      preValidation: pass,
      schema: {
        operationId: 'fireOrderCourse',
        tags,
        security,
        summary: 'Fire a course of an order now',
        description:
          'Expeditors and managers; no body. Releases course n: its tickets fire so its dishes are ready ' +
          'together. Firing a fired course changes nothing (200). 409 while course n−1 has not fired; 404 for a ' +
          'course the order does not have.',
        params: CourseParams,
        response: { 200: Order, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const fired = await fires.fireCourse(app.pos, request.principal, request.params.id, Number(request.params.n));
      app.pos.scheduler.poke();
      return fired;
    },
  );

  app.post(
    '/orders/:id/fire',
    {
      preValidation: pass,
      schema: {
        operationId: 'fireOrder',
        tags,
        security,
        summary: 'Fire every held ticket of an order now',
        description:
          'Expeditors and managers; no body. The expeditor\'s "rush it": every Draft ticket (held course or paced to fire later) fires now.',
        params: IdParams,
        response: { 200: Order, ...problems(401, 403, 404, 409) },
      },
    },
    async (request) => fires.fireOrder(app.pos, request.principal, request.params.id),
  );
};

export default routes;
