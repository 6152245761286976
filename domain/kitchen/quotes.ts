// GET /quote: the estimate (quote-estimate.ts) for dishes named in a query, asked by anyone.
import type { Quote, QuoteQuery } from '../../models/quote.js';
import type { Deps } from '../deps.js';
import { badRequest } from '../errors.js';
import type { KitchenQueues } from './kitchen-queues.js';
import { dishesFor } from '../menu/dishes.js';
import { scheduledInstant } from './schedule.js';
import { quoteOrder } from './quote-estimate.js';
import { currentSettings, type SettingsBook } from '../settings.js';

export type QuoteDeps = Deps & { queues: KitchenQueues; settings: SettingsBook };

function parseDishIds(text: string): string[] {
  const ids = text.split(',').map((id) => id.trim());
  if (ids.length > 100 || ids.some((id) => id === '')) {
    throw badRequest('dish_ids takes 1 to 100 dish ids separated by commas.', {
      errors: [{ path: 'dish_ids', message: 'must list 1 to 100 ids separated by commas' }],
    });
  }
  return ids;
}

/** GET /quote: anyone may ask. */
export async function getQuote({ store, now, queues, settings }: QuoteDeps, query: QuoteQuery): Promise<Quote> {
  const at = now().getTime();
  const dishes = await dishesFor(store, parseDishIds(query.dish_ids));
  const scheduledAt = query.scheduled_at === undefined ? null : scheduledInstant(query.scheduled_at, new Date(at), 'leave it out for now');
  // After another program's commit, the quote is made from the queues read again, not from before it.
  await queues.reloaded();
  return quoteOrder(queues, dishes, at, query.pacing ?? currentSettings({ settings }).default_pacing, scheduledAt);
}
