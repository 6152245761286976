// The station board's top bar at 375, 1024 and 1280 px, in English and German, on the station
// whose name is longest in the language, with forty tickets open: what it shows of the live link
// (the word beside the dot where a cook reads it, Live and Reconnecting… alike), and its items side
// by side or in rows, none over another, none cut, none past the screen's edge.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { holdingProxy } from './proxy.js';
import { catalogue, speak } from './languages.js';
import { keepShot, SIZES, seedRush } from './layout.js';

interface Bar {
  /** The link's state as the board holds it (live, reconnecting…). */
  state: string;
  /** The link's word as the screen shows it (at a readable size, whole, on the screen), else null. */
  word: string | null;
  /** The link's dot shown. */
  dot: boolean;
  /** What the link says to a screen reader (its status text). */
  spoken: string;
  /** Pairs of the bar's items (by id or class) whose boxes meet. */
  overlaps: string[];
  /** The bar's items whose text is cut (wider or taller than their box) or that reach past the screen. */
  cut: string[];
}

/** What the top bar shows, measured in the page. */
const readBar = (page: Page): Promise<Bar> =>
  page.evaluate(`(() => {
    const bar = document.querySelector('header.bar');
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const name = (el) => el.id || el.className;
    const items = [...bar.children].filter(shown).map((el) => ({ el, r: el.getBoundingClientRect() }));
    const overlaps = [];
    for (let i = 0; i < items.length; i += 1) for (let j = i + 1; j < items.length; j += 1) {
      const a = items[i].r, b = items[j].r;
      const meet = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      if (meet) overlaps.push(name(items[i].el) + ' / ' + name(items[j].el));
    }
    const cut = items
      .filter(({ el, r }) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || r.left < -0.5 || r.right > innerWidth + 0.5)
      .map(({ el }) => name(el));
    const link = document.querySelector('#link');
    const words = document.createRange();
    words.selectNodeContents(link);
    const text = words.getBoundingClientRect();
    const readable = parseFloat(getComputedStyle(link).fontSize) >= 12;
    const onScreen = text.width > 0 && text.left >= -0.5 && text.right <= innerWidth + 0.5;
    const dot = getComputedStyle(link, '::before');
    return {
      state: link.dataset.state,
      word: readable && onScreen && shown(link) ? link.textContent : null,
      dot: shown(link) && parseFloat(dot.width) > 0 && dot.content !== 'none',
      spoken: link.textContent,
      overlaps,
      cut,
    };
  })()`);

/**
 * On a phone: the room the bar's one row leaves for the link (its width now, the dot, plus the free
 * space), and the width each state's word would take there at the tablet's size, the dot included.
 */
const phoneRoom = (page: Page, words: string[]): Promise<{ room: number; needed: number[] }> =>
  page.evaluate(`(({ words }) => {
    const bar = document.querySelector('header.bar');
    const style = getComputedStyle(bar);
    const items = [...bar.children].filter((el) => el.getClientRects().length > 0);
    const used = items.reduce((sum, el) => sum + el.getBoundingClientRect().width, 0) + parseFloat(style.columnGap) * (items.length - 1);
    const link = document.querySelector('#link');
    const room = bar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - used + link.getBoundingClientRect().width;
    const needed = words.map((word) => {
      const probe = link.cloneNode();
      probe.removeAttribute('id');
      probe.textContent = word;
      Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', fontSize: '0.85rem', whiteSpace: 'nowrap' });
      bar.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return Math.ceil(width);
    });
    return { room: Math.floor(room), needed };
  })(${JSON.stringify({ words })})`);

describe("the station board's top bar", () => {
  for (const language of ['en', 'de'] as const)
    it(
      `says the link's state in a word at 1024 and 1280 px, its dot on a phone, nothing over or cutting anything (${language})`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        await seedRush(t, 40);
        const words = catalogue(language);
        // The station whose name is longest in this language.
        const station = (['cold', 'hot', 'beverages'] as const)
          .map((each) => ({ each, name: words['station.name']!.match(new RegExp(`${each} \\{([^}]*)\\}`))![1]! }))
          .sort((a, b) => b.name.length - a.name.length)[0]!;
        const proxy = await holdingProxy(t.url);
        const page = await openBoard(browser, { ...t, url: proxy.url }, `/kds/${station.each}`, SIZES[0]);
        await signIn(page, 'chef');
        expect(await page.textContent('#station')).toBe(station.name);
        const states = [
          { state: 'live', word: words['link.live']! },
          { state: 'reconnecting', word: words['link.reconnecting']! },
        ];
        for (const { state, word } of states) {
          if (state === 'reconnecting') {
            await proxy.close();
            await page.waitForSelector('#link[data-state="reconnecting"]');
          }
          for (const size of SIZES) {
            await resize(page, size);
            // The link may say Offline for a moment between two attempts to reconnect: measured while it says Reconnecting….
            await page.waitForSelector(`#link[data-state="${state}"]`);
            await keepShot(page, `kds-bar-${language}-${state}-${size.width}`);
            const shown = size.width >= 1024 ? word : null;
            expect({ size, ...(await readBar(page)) }).toStrictEqual({
              size,
              state,
              word: shown,
              dot: true,
              spoken: word,
              overlaps: [],
              cut: [],
            });
            if (size.width < 1024) {
              // The dot alone on a phone: the longest state's word (Reconnecting…) has no room in the
              // one row beside the station's name; the link's status still reads its word out, and
              // while the link is down the banner under the bar says so in words.
              const { room, needed } = await phoneRoom(page, [words['link.live']!, words['link.reconnecting']!]);
              expect({ room, reconnectingFits: needed[1]! <= room }).toStrictEqual({ room, reconnectingFits: false });
              // Read out as its word (named after the reason, the dot's tooltip, once the board has one).
              const spokenAs = (await page.locator('#link').ariaSnapshot()).replace(/^- status "[^"]*":/, '- status:');
              expect(spokenAs).toBe(`- status: ${word}`);
              if (state === 'reconnecting')
                expect(await page.textContent('#stale')).toMatch(language === 'en' ? /^No connection since / : /^Keine Verbindung seit /);
            }
          }
        }
        await page.close();
      },
      2 * BROWSER_TEST_MS,
    );
});
