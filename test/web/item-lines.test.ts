// A station's item lines judged in the browser on data shaped as the API sends it: every item with
// its count, seat, modifiers (removals shouted), note and its own allergy; NEW, VOID and REMAKE
// banners; a tap on a line bumps that item alone; and a 20-item ticket of long modifier names that
// holds at 375, 1024 and 1280 px (nothing overflowing, overlapping or cut, every line a finger's size).
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { keepShot, measure, SIZES } from './layout.js';
import { bigTable, entry, item, LONG_ADDITION, LONG_REMOVAL, mod, renderTickets, ticket } from './item-content.js';

/** The card of the n-th entry's order (its first round). @param n */
const card = (n: number) => `[data-order-id="${n.toString(16).padStart(24, '0')}"]`;
/** What each line of a card says, part by part. */
const lines = (selector: string) => `[...document.querySelectorAll('${selector} .ticket-items li')].map((li) => ({
  state: li.dataset.state ?? null,
  parts: [...li.children].map((part) => part.className + ': ' + part.textContent),
}))`;

// The tickets are drawn in the page from data shaped as the API sends it: the server only serves the
// board, and nothing is stored, so the file's tests share one app (the fileApp fixture).
describe('item lines on a station board', () => {
  it(
    'shows each item with its seat, modifiers in a cook’s words, note and its own allergy, and bumps one line alone',
    async ({ fileApp: t, browser }) => {
      const burger = item('Classic Burger', {
        seat: 3,
        modifiers: [mod('No onions', 'remove', 'Remove'), mod('Well done', null, 'Doneness'), mod('Bacon', 'add', 'Extras')],
        note: 'cut in half',
        allergens: ['cereals_gluten'],
      });
      const plain = item('Classic Burger', { seat: 1, modifiers: [mod('Medium', null, 'Doneness')] });
      const fries = item('Fries', { quantity: 2 });
      const fired = ticket([burger, plain, fries], {
        allergy_alerts: [{ dish_id: '0'.repeat(24), item_id: burger.item_id, seat: 3, allergens: ['cereals_gluten'] }],
      });
      const page = await openBoard(browser, t, '/kds/hot');
      await renderTickets(page, [entry(1, 'Friday', 12, fired)]);
      expect(await page.evaluate(lines('#tickets'))).toStrictEqual([
        {
          state: 'waiting',
          parts: [
            'dish-count: 1×',
            'dish-name clamp: Classic Burger',
            'item-seat: S3',
            'item-details: ⚠ GLUTENNO ONIONSWell done+ BACON“cut in half”',
          ],
        },
        { state: 'waiting', parts: ['dish-count: 1×', 'dish-name clamp: Classic Burger', 'item-seat: S1', 'item-details: Medium'] },
        { state: 'waiting', parts: ['dish-count: 2×', 'dish-name clamp: Fries'] },
      ]);
      // The ticket's first line names the seat and the item; no other item carries the alert.
      expect(await page.textContent('.ticket-allergy')).toBe('AllergySeat 3 · Classic Burger: gluten');
      expect(await page.locator('.item-allergy').count()).toBe(1);
      await page.click('.ticket-items li:has-text("Fries")');
      expect(await page.evaluate('window.tapped')).toStrictEqual([`${'1'.padStart(24, '0')} ${fries.item_id}`]);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'marks a later round NEW, a voided item VOID and struck through, a remake REMAKE with its reason',
    async ({ fileApp: t, browser }) => {
      const beers = ticket([item('Pilsner', { quantity: 4 })], { station: 'beverages', round: 2 });
      const side = item('Side salad', { status: 'Voided' });
      const withVoid = ticket([item('Steak'), side], {
        changes: [{ at: new Date().toISOString(), added: [], removed: [], voided: [side.item_id] }],
      });
      const steak = item('Steak', { modifiers: [mod('Medium rare', null, 'Doneness')] });
      const remake = ticket([steak], { round: 2, remake_of: steak.item_id, remake_reason: 'sent back' });
      const page = await openBoard(browser, t, '/kds/hot');
      await renderTickets(page, [entry(1, 'Beers', 4, beers), entry(2, 'Void', 5, withVoid), entry(3, 'Remake', 6, remake)]);
      const banners = await page.$$eval('#tickets .ticket', (cards) =>
        cards.map((card) => card.querySelector('.ticket-change')?.textContent ?? null),
      );
      expect(banners).toStrictEqual(['NEW · round 2', 'VOID · 1', 'REMAKE · Sent back']);
      expect(await page.evaluate(lines(card(2)))).toStrictEqual([
        { state: 'waiting', parts: ['dish-count: 1×', 'dish-name clamp: Steak'] },
        { state: 'voided', parts: ['dish-count: 1×', 'dish-name clamp: Side salad', 'void-mark: VOID'] },
      ]);
      const struck = await page.evaluate(`getComputedStyle(document.querySelector('${card(2)} li.item-void')).textDecorationLine`);
      expect(struck).toBe('line-through');
      // A voided item is no longer a target: a tap on it bumps nothing.
      await page.click('li.item-void', { force: true });
      expect(await page.evaluate('window.tapped')).toStrictEqual([]);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  // Cards drawn here are never measured by the board's packing (masonry.js): on a phone's one column
  // they stack by themselves, so two tall tickets never overlap whether or not they were measured.
  it(
    'holds a 20-item ticket of long modifier names at 375, 1024 and 1280 px, every line a 44 px target',
    async ({ fileApp: t, browser }) => {
      // One board page, loaded at the phone's size and resized through the three. Before each resize
      // the tickets are taken off, so the board meets its new size empty, as a fresh load does (with
      // cards below, the resize would show "more below"); they are then drawn afresh.
      const page = await openBoard(browser, t, '/kds/hot', SIZES[0]);
      for (const size of SIZES) {
        await page.evaluate(`document.querySelector('#tickets').replaceChildren()`);
        await resize(page, size);
        await renderTickets(page, [entry(1, 'Friday table', 12, bigTable()), entry(2, 'Second', 3, bigTable())]);
        await keepShot(page, `item-lines-${size.width}x${size.height}`);
        const layout = await measure(page, '#tickets [data-order-id]', '.ticket-items .item-details > span, .ticket-items .item-seat');
        const targets = await page.$$eval(
          '.ticket-items li[data-action="item"]',
          (items) => items.map((li) => li.getBoundingClientRect()).filter((r) => r.height < 43.5 || r.width < 43.5).length,
        );
        expect({
          size,
          width: layout.scrollWidth,
          overlaps: layout.overlaps,
          spills: layout.spills,
          crowded: layout.crowded,
          clipped: layout.clipped,
          targets,
        }).toStrictEqual({
          size,
          width: size.width,
          overlaps: [],
          spills: [],
          crowded: [],
          clipped: [],
          targets: 0,
        });
        // The long removal and addition read whole, in capitals.
        const text = await page.textContent('#tickets');
        expect(text).toContain(`NO ${LONG_REMOVAL.replace(/^No /, '').toUpperCase()}`);
        expect(text).toContain(`+ ${LONG_ADDITION.toUpperCase()}`);
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
