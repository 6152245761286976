// A ticket taller than the station board's screen continues in the next column, as leading kitchen
// displays do: at 1024 and 1280 px the Friday table's 20 items (long modifiers on most) are read
// without scrolling any card (every part as short as the board's visible height), each part after
// the first names the table and says CONTINUED, the ticket says so under its last line shown, and
// the lines keep their order. On a phone's one column the ticket stays one card. A board turned or
// resized while tickets sit below the fold shows exactly what a board loaded at that size shows, and so
// does one whose all-day counts arrive after its tickets were split.
import { describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { keepShot, measure, SIZES } from './layout.js';
import { bigTable, entry, item, renderTickets, ticket } from './item-content.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient } from '../helpers/menu.js';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** Draws the cards, then packs them as the board does after each render. */
async function drawAndPack(page: Page, entries: unknown[]): Promise<void> {
  await renderTickets(page, entries);
  await page.evaluate(
    `import('/boards/js/kds/masonry.js').then(({ createMasonry }) => createMasonry(document.querySelector('#tickets')).pack())`,
  );
}

interface Parts {
  /** The board's visible height: a card as tall reads whole once scrolled to. */
  visible: number;
  /** Each card or part of the grid: its ticket, its height, what its head and continued notes say. */
  parts: { of: string; height: number; left: number; top: number; head: string; continues: string | null }[];
  /** The board's columns. */
  columns: number;
  /** Each ticket's item lines, part after part, by their item ids. */
  lines: Record<string, string[]>;
}

const parts = (page: Page) =>
  page.evaluate<Parts>(`(() => {
    const board = document.querySelector('.board');
    const style = getComputedStyle(board);
    const visible = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const cards = [...document.querySelectorAll('#tickets .ticket')];
    const lines = {};
    for (const card of cards) {
      const of = card.dataset.orderId ?? card.dataset.continues;
      lines[of] = [...(lines[of] ?? []), ...[...card.querySelectorAll('.ticket-items li')].map((li) => li.dataset.itemId)];
    }
    return {
      visible,
      parts: cards.map((card) => ({
        of: card.dataset.orderId ?? card.dataset.continues,
        height: Math.round(card.getBoundingClientRect().height),
        left: Math.round(card.getBoundingClientRect().left),
        top: Math.round(card.getBoundingClientRect().top),
        head: card.querySelector('.ticket-head').textContent,
        continues: card.querySelector('.ticket-continues')?.textContent ?? null,
      })),
      lines,
      columns: getComputedStyle(document.querySelector('#tickets')).gridTemplateColumns.split(' ').length,
    };
  })()`);

describe('a ticket taller than the screen', () => {
  it(
    'continues in the next column at 1024 and 1280 px, each part as short as the screen, and stays one card on a phone',
    async ({ app: t, browser }) => {
      const friday = bigTable();
      const small = ticket([item('Fries', { quantity: 2 }), item('Classic Burger')]);
      const entries = [entry(1, 'Friday table', 12, friday), entry(2, 'Second', 3, small), entry(3, 'Third', 4, bigTable())];
      const everyItem = friday.items.map((each) => each.item_id).sort();
      /** The lines in the one card of a phone, to hold the parts' lines against. */
      let whole: string[] = [];
      // One board page, loaded at the phone's size and resized through the three. Before each
      // resize the tickets are taken off, so the board meets its new size empty, as a fresh load
      // does (with cards still below, the resize would show "more below" and shorten the board);
      // they are then drawn and packed afresh.
      const page = await openBoard(browser, t, '/kds/hot', SIZES[0]);
      for (const size of SIZES) {
        await page.evaluate(`document.querySelector('#tickets').replaceChildren()`);
        await resize(page, size);
        await drawAndPack(page, entries);
        await keepShot(page, `continued-${size.width}x${size.height}`);
        const seen = await parts(page);
        const layout = await measure(page, '#tickets .ticket', '.ticket-items .item-details > span');
        expect({
          size,
          overlaps: layout.overlaps,
          spills: layout.spills,
          clipped: layout.clipped,
          width: layout.scrollWidth,
        }).toStrictEqual({
          size,
          overlaps: [],
          spills: [],
          clipped: [],
          width: size.width,
        });
        // Every item, once (identical ones share a line), in the ticket's order.
        expect(seen.lines[id(1)]!.flatMap((line) => line.split(' ')).sort()).toStrictEqual(everyItem);
        if (size.width < 600) whole = seen.lines[id(1)]!;
        expect(seen.lines[id(1)]).toStrictEqual(whole);
        const friday = seen.parts.filter((part) => part.of === id(1));
        if (size.width < 600) {
          expect(friday).toHaveLength(1);
        } else {
          // No part is taller than the board shows: read without scrolling a card.
          expect(seen.parts.filter((part) => part.height > seen.visible)).toStrictEqual([]);
          expect(friday.length).toBeGreaterThan(1);
          expect(friday.map((part) => part.continues)).toStrictEqual([...friday.slice(1).map(() => 'Continued ▸'), null]);
          expect(friday.slice(1).map((part) => part.head)).toStrictEqual(friday.slice(1).map(() => 'Table 12◂ Continued'));
          // The parts sit right of the ticket, one a column, on its row (as many as the board has columns).
          const row = friday.slice(0, seen.columns);
          expect(row.map((part) => part.top)).toStrictEqual(row.map(() => row[0]!.top));
          expect(row.map((part) => part.left)).toStrictEqual([...row.map((part) => part.left)].sort((a, b) => a - b));
          expect(new Set(row.map((part) => part.left)).size).toBe(row.length);
          // The small ticket between the two big ones is one card.
          expect(seen.parts.filter((part) => part.of === id(2))).toHaveLength(1);
          // A finger resting on the board keeps cards in place: a fresh card replaces the split one, and
          // packing again neither loses nor doubles a line.
          await page.evaluate(`(async (entry) => {
            const { ticketCard } = await import('/boards/js/kds/ticket.js');
            const { createMasonry } = await import('/boards/js/kds/masonry.js');
            const actions = { bump() {}, recall() {}, done() {}, ack() {}, dishName: () => null, bumpItem() {} };
            document.querySelector('[data-order-id="${id(1)}"]').replaceWith(ticketCard(entry, 'hot', { late: 0, veryLate: 0 }, actions));
            createMasonry(document.querySelector('#tickets')).pack();
          })(${JSON.stringify(entries[0])})`);
          expect((await parts(page)).lines[id(1)]).toStrictEqual(whole);
        }
      }
    },
    3 * BROWSER_TEST_MS,
  );
});

/**
 * What the board shows, card by card in the grid's order: the ticket, the card or a continued part,
 * its item lines (ids), where it sits and how tall; and the "more below" strip's words (null hidden).
 */
const shown = (page: Page) =>
  page.evaluate<{ strip: string | null; cards: string[] }>(`(() => {
    const strip = document.querySelector('#more-below');
    return {
      strip: strip.hidden ? null : strip.textContent,
      cards: [...document.querySelectorAll('#tickets .ticket')].map((card) => {
        const box = card.getBoundingClientRect();
        const lines = [...card.querySelectorAll('.ticket-items > li')].map((li) => li.dataset.itemId).join(',');
        const of = card.dataset.continues ? 'part of ' + card.dataset.continues : card.dataset.orderId;
        return [of, lines, ...[box.left, box.top, box.height].map(Math.round)].join(' ');
      }),
    };
  })()`);

/** What the board shows once its renders have settled (the same twice, 300 ms apart). */
async function settled(page: Page) {
  let last = await shown(page);
  for (;;) {
    await page.waitForTimeout(300);
    const now = await shown(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}

/**
 * The hot station's board, signed in as a chef, at that size, with its tickets and its pace line
 * (asked at sign-in, it may come after the tickets and take room in the strip above them).
 */
async function liveBoard(browser: Browser, t: TestApp, size: { width: number; height: number }, open: number) {
  const page = await openBoard(browser, t, '/kds/hot', size);
  await signIn(page, 'chef');
  await expect.poll(() => page.textContent('#count')).toBe(`${open} open`);
  await page.locator('#pace', { hasText: 'cooking at' }).waitFor();
  return page;
}

describe('a board turned or resized with tickets below the fold', () => {
  it(
    'splits, places and counts the tickets below exactly as a board loaded at 1280×800 and 1024×768 does',
    async ({ app: t, browser }) => {
      const flour = await addIngredient(t, 'Flour', 1_000_000);
      const dish = async (name: string) =>
        (await addDish(t, { name, station: 'hot', preparation_time: 20, ingredients: [{ ingredient_id: flour.id, is_essential: true }] }))
          .id;
      const [rib, burger, fries] = [
        await dish('Twelve-hour braised beef short rib with smoked marrow jus'),
        await dish('Classic Burger'),
        await dish('Fries'),
      ];
      const order = async (payload: Record<string, unknown>) => {
        const response = await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload });
        expect(response.statusCode).toBe(201);
      };
      const three = [rib!, burger!, fries!];
      // The Friday table's 20 items over four seats (a note on every third), split over columns; a
      // 300-character request over eight items, a card whose first line sits within a strip's height
      // of the 1280×800 board's foot (split with the strip hidden, whole with it shown, before); three
      // small tickets. On a phone they run far below the fold: "more below" shows.
      const note = 'Sauce on the side, cut in half for the child, no salt on the fries please';
      await order({
        name: 'Friday',
        table_number: 12,
        items: Array.from({ length: 20 }, (_, i) => ({ dish_id: three[i % 3], seat: (i % 4) + 1, note: i % 3 === 0 ? note : null })),
      });
      await order({
        name: 'Request',
        table_number: 7,
        special_requests: 'Please bring the sauce on the side and keep the fries extra crispy, thank you. '.repeat(4).slice(0, 300),
        items: Array.from({ length: 8 }, (_, i) => ({ dish_id: three[i % 3], seat: i + 1 })),
      });
      for (let i = 0; i < 3; i += 1) await order({ name: `Small${i}`, table_number: 20 + i, dish_ids: [burger, fries] });

      const turned = await liveBoard(browser, t, SIZES[0]!, 5);
      expect((await settled(turned)).strip).toBe('▼ 4 more below');
      for (const size of [SIZES[2]!, SIZES[1]!]) {
        await resize(turned, size);
        const afterTurn = await settled(turned);
        await keepShot(turned, `continued-turned-${size.width}x${size.height}`);
        const loaded = await liveBoard(browser, t, size, 5);
        const fresh = await settled(loaded);
        await keepShot(loaded, `continued-loaded-${size.width}x${size.height}`);
        expect({ size, ...afterTurn }).toStrictEqual({ size, ...fresh });
        // Drawn again (the Layout key cycled through compact and roomy back to auto), it stays so: the
        // board's last "more below" no longer decides how the next render splits.
        for (let i = 0; i < 3; i += 1) await loaded.click('#compact');
        expect({ size, ...(await settled(loaded)) }).toStrictEqual({ size, ...fresh });
        await loaded.close();
      }
      // A board whose all-day counts come after its tickets were drawn and split (a busy server
      // answered them last): the strips above the tickets grow, and the tall tickets are split again
      // to the height left, as on the board that had its counts first.
      const atSize = await settled(turned);
      let answer = () => {};
      const counts = new Promise<void>((resolve) => (answer = resolve));
      const late = await openBoard(browser, t, '/kds/hot', SIZES[1], {
        beforeLoad: (page) => page.route('**/stations/hot/all-day', async (route) => (await counts, await route.continue())),
      });
      await signIn(late, 'chef');
      await expect.poll(() => late.textContent('#count')).toBe('5 open');
      expect(await late.locator('#all-day-items li').count()).toBe(0);
      answer();
      await expect.poll(() => late.locator('#all-day-items li').count()).toBe(3);
      await late.locator('#pace', { hasText: 'cooking at' }).waitFor();
      expect(await settled(late)).toStrictEqual(atSize);
    },
    3 * BROWSER_TEST_MS,
  );
});
