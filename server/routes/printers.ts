// /printers: how each kitchen printer is, a test chit; and a ticket's reprint. Printing happens
// after the answer: each request stores its jobs and answers 202.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { requireKitchenStaff, requireManager } from '../../domain/accounts/access.js';
import * as printers from '../../domain/printers/printers.js';
import { IdParams } from '../../models/common.js';
import { PrinterStatus } from '../../models/printer.js';
import { TicketParams } from '../../models/ticket.js';
import { problems } from './shared.js';

const tags = ['Printers'];
const security = [{ AccessToken: [] }];

const PrintAccepted = Type.Object(
  {
    jobs: Type.Array(
      Type.Object({
        id: Type.String({ description: 'The print job (it prints once, whatever retries it takes).' }),
        printer_id: Type.String(),
      }),
    ),
  },
  { $id: 'PrintAccepted', description: 'The jobs made; each printer prints its own in the order they were made.' },
);

const ReprintQuery = Type.Object({
  course: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the ticket of this course (default: every fired one).' })),
  round: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the ticket of this round (default: every fired one).' })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/printers',
    {
      preValidation: app.authenticate((principal) => requireKitchenStaff(principal, 'see the printers')),
      schema: {
        operationId: 'listPrinters',
        tags,
        security,
        summary: 'The kitchen printers and how each one is',
        description:
          'Chefs, expeditors and managers. Each printer of the settings with its `state` (ok, unreachable, ' +
          'paper_out as the printer reports it), the last error, the jobs waiting for it, and the stations a ' +
          'fallback printer has taken over (docs/printers.md).',
        response: { 200: Type.Array(PrinterStatus), ...problems(401, 403) },
      },
    },
    async (request) => printers.listPrinters(app.pos, request.principal),
  );

  app.post(
    '/printers/:id/test',
    {
      preValidation: app.authenticate((principal) => requireManager(principal, 'print a test chit')),
      schema: {
        operationId: 'printTestChit',
        tags,
        security,
        summary: 'Print a test chit',
        description:
          'Managers; no body. The printer prints a chit with its name, stations and address. 404 for a printer not in the settings.',
        params: IdParams,
        response: { 202: PrintAccepted, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(202).send(await printers.printTestChit(app.pos, request.principal, request.params.id)),
  );

  app.post(
    '/orders/:id/tickets/:station/print',
    {
      preValidation: app.authenticate((principal) => requireKitchenStaff(principal, 'reprint tickets')),
      schema: {
        operationId: 'reprintTicket',
        tags: ['Orders'],
        security,
        summary: "Reprint a station's ticket",
        description:
          'Chefs, expeditors and managers; no body. The fired tickets of the order at that station (one course or ' +
          'round with `course`/`round`) print again on every printer of the station, marked REPRINT. 404 for an order ' +
          'without a ticket there; 409 when it has not fired, or when no printer serves the station.',
        params: TicketParams,
        querystring: ReprintQuery,
        response: { 202: PrintAccepted, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await printers.reprintTicket(app.pos, request.principal, request.params.id, request.params.station, request.query)),
  );
};

export default routes;
