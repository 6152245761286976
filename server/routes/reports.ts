// /reports/kitchen: speed of service for managers, from the stored ticket and order timestamps.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireManager } from '../../domain/accounts/access.js';
import { kitchenReport } from '../../domain/reports/reports.js';
import { KitchenReport, KitchenReportQuery } from '../../models/report.js';
import { problems } from './shared.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports/kitchen',
    {
      preValidation: app.authenticate((principal) => requireManager(principal, 'read the kitchen report')),
      schema: {
        operationId: 'getKitchenReport',
        tags: ['Reports'],
        security: [{ AccessToken: [] }],
        summary: 'Speed of service per station and for orders',
        description:
          'For each station and bucket (a local hour or day of the settings time_zone, daylight-saving days ' +
          'included): tickets readied, median and p90 of ready_at − fired_at in seconds, and late tickets ' +
          '(longer than the longest dish on them plus 5 minutes); for orders: placed, readied and closed, with ' +
          'median and p90 of placed → Ready for Assembly and Ready for Assembly → closed, and promised vs ' +
          'actual (ready_vs_quoted: of the orders readied that had a quoted_ready_at, median and p90 of ' +
          'ready_at − quoted_ready_at, negative when early, and how many were readied more than 5 minutes after ' +
          'their promise); and the ingredients used, with how many more orders their stock covers at that pace. ' +
          'Default: the last 24 hours by hour; at most 93 days.',
        querystring: KitchenReportQuery,
        response: { 200: KitchenReport, ...problems(400, 401, 403) },
      },
    },
    async (request) => kitchenReport(app.pos, request.principal, request.query),
  );
};

export default routes;
