// /quote: when an order of these dishes would be ready, for anyone (the ordering app asks before
// anyone has signed in).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getQuote } from '../../domain/kitchen/quotes.js';
import { Quote, QuoteQuery } from '../../models/quote.js';
import { problems } from './shared.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/quote',
    {
      schema: {
        operationId: 'getQuote',
        tags: ['Orders'],
        summary: 'When an order of these dishes, placed now, would be Ready for Assembly',
        description:
          "Estimated from the live kitchen: each station's Received and In Progress tickets ahead and how fast " +
          "it has been readying tickets in the last 2 hours (its dishes' preparation_time until it has readied " +
          '5). Unknown dish ids: 400. See docs/quotes.md.',
        querystring: QuoteQuery,
        response: { 200: Quote, ...problems(400) },
      },
    },
    async (request) => getQuote(app.pos, request.query),
  );
};

export default routes;
