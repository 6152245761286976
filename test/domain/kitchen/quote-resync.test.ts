// GET /quote after another program's commit (a resync): the quote waits for the station queues to
// be read again, so it is never made from the kitchen as it was before that commit.
import { expect, it } from 'vitest';
import { KitchenQueues } from '../../../domain/kitchen/kitchen-queues.js';
import { getQuote } from '../../../domain/kitchen/quotes.js';
import { SettingsBook } from '../../../domain/settings.js';
import { KitchenBook } from '../../../domain/views/kitchen-book.js';
import type { Quote } from '../../../models/quote.js';
import { addDish, addIngredient, placeOrder } from '../../realtime/fakes/kitchen.js';
import { commitAsOtherProgram, gatedStore } from '../../store/fixtures/other-program.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-quote-resync-');

it('waits for the queues read again after a resync, and quotes from what the other program wrote', async () => {
  const { store, dataDir } = open();
  const now = () => new Date('2026-11-27T12:00:00.000Z');
  const rice = await addIngredient(store, 'Rice', 100);
  const soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [rice.id] });
  // Three soups wait on the hot line: their work is what the queues hold of the dish.
  for (const name of ['Ann', 'Ben', 'Cleo']) await placeOrder(store, [soup.id], name);
  const book = await KitchenBook.open(store);
  const gated = gatedStore(store, 'dishes');
  const queues = await KitchenQueues.open(gated.store, now, book);
  const settings = await SettingsBook.open(store);
  const deps = { store, now, queues, settings };
  const query = { dish_ids: soup.id };
  const before = await getQuote(deps, query);

  // A repair with the sqlite3 shell: the soup now takes 40 minutes, and no change event says so.
  commitAsOtherProgram(dataDir, [`UPDATE dishes SET doc = json_set(doc, '$.preparation_time', 40) WHERE id = ?`, soup.id]);
  const reread = gated.gate();
  gated.resync('repaired');
  let answered: Quote | undefined;
  const reading = getQuote(deps, query).then((quote) => (answered = quote));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(answered).toBeUndefined();
  reread();
  const during = await reading;
  expect(during).toEqual(await getQuote(deps, query));
  expect(during.minutes).toBeGreaterThan(before.minutes);
  await queues.close();
  book.close();
  settings.close();
});
