// Layout judged the way a person judges a screen, measured in the page: nothing wider than the
// screen, no card over another, buttons a finger can hit, text that is there but cut off. And the
// adversarial rush the screens must hold up under: 60-character dish and guest names, 500-character
// requests with the allergy at the very end.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../helpers/menu.js';
import type { Order } from '../../models/order.js';

export const SIZES = [
  { width: 375, height: 812 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** A wall screen in the kitchen, read from two metres. */
export const WALL = { width: 1920, height: 1080 };

export interface Layout {
  /** The page's width in CSS pixels (the viewport's when nothing overflows sideways). */
  scrollWidth: number;
  /** Pairs of cards (their order ids) whose boxes intersect. */
  overlaps: string[];
  /** Cards wholly inside the visible part of the board. */
  fullyVisible: number;
  /** Shown buttons smaller than 44×44 px: "text W×H". */
  smallButtons: string[];
  /** Shown elements matching `texts` whose text is cut (by themselves or a clipping ancestor up to the card). */
  clipped: string[];
  /** Dish names on more than two lines. */
  tallDishes: string[];
  /** Parts of a card reaching past its edges (over the next card): "class text". */
  spills: string[];
  /** A card's own parts (its children: a rail's columns, a ticket's lines), or what they hold, over one another: "class / class". */
  crowded: string[];
}

// Runs in the page (a string, since the tests are not compiled against the DOM).
const MEASURE = `(({ cards, texts }) => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const clips = (el) => getComputedStyle(el).overflowX !== 'visible' || getComputedStyle(el).overflowY !== 'visible';
  const cut = (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  const boxes = [...document.querySelectorAll(cards)].filter(shown).map((el) => ({ id: el.dataset.orderId, r: el.getBoundingClientRect() }));
  const overlaps = [];
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i].r, b = boxes[j].r;
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps.push(boxes[i].id + ' ' + boxes[j].id);
  }
  const board = document.querySelector('.board').getBoundingClientRect();
  const top = Math.max(board.top, 0), bottom = Math.min(board.bottom, innerHeight);
  const fullyVisible = boxes.filter(({ r }) => r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5).length;
  const smallButtons = [...document.querySelectorAll('button')].filter(shown).map((b) => ({ b, r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
    .map(({ b, r }) => (b.textContent || b.getAttribute('aria-label')) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
  const clipped = [];
  for (const el of document.querySelectorAll(texts)) {
    if (!shown(el)) continue;
    const card = el.closest('[data-order-id], [data-continues]');
    let where = el, isCut = cut(el);
    while (!isCut && where !== card && where.parentElement) {
      where = where.parentElement;
      const inner = el.getBoundingClientRect(), outer = where.getBoundingClientRect();
      const outside = inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5;
      if (clips(where) && outside) isCut = true;
    }
    if (isCut) clipped.push(el.textContent);
  }
  const tallDishes = [...document.querySelectorAll('.ticket-dishes .dish-name')].filter(shown)
    .filter((el) => el.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(el).lineHeight)).map((el) => el.textContent);
  const spills = [];
  for (const card of document.querySelectorAll(cards)) {
    if (!shown(card)) continue;
    const c = card.getBoundingClientRect();
    for (const el of card.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      const out = r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5;
      if (r.width > 0 && out) spills.push(el.className + ' ' + el.textContent.trim().slice(0, 20));
    }
  }
  const crowded = [];
  // A part's extent: its box and every box inside it (text that runs out of its cell counts).
  const extent = (el) => [el, ...el.querySelectorAll('*')].map((each) => each.getBoundingClientRect()).filter((r) => r.width > 0)
    .reduce((a, r) => ({
      left: Math.min(a.left, r.left), right: Math.max(a.right, r.right), top: Math.min(a.top, r.top), bottom: Math.max(a.bottom, r.bottom),
    }));
  for (const card of document.querySelectorAll(cards)) {
    const parts = [...card.children].filter(shown).map((el) => ({ el, r: extent(el) }));
    for (let i = 0; i < parts.length; i += 1) for (let j = i + 1; j < parts.length; j += 1) {
      const a = parts[i].r, b = parts[j].r;
      const meet = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      if (meet) crowded.push(parts[i].el.className + ' / ' + parts[j].el.className);
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, overlaps, fullyVisible, smallButtons, clipped, tallDishes, spills, crowded };
})`;

/** With LAYOUT_SHOTS=<folder>, saves what the screen showed (to look at it; the assertions do the judging). */
export async function keepShot(page: Page, name: string): Promise<void> {
  const folder = process.env.LAYOUT_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

export function measure(page: Page, cards: string, texts: string): Promise<Layout> {
  return page.evaluate(`${MEASURE}(${JSON.stringify({ cards, texts })})`);
}

/**
 * The top bar's controls (buttons and links) that are shown but not wholly on the screen, by their
 * text: a control there must be reachable without scrolling the bar sideways.
 */
export function barControlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.bar button, .bar a')]
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && r.height > 0)
    .filter(({ r }) => r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5)
    .map(({ el }) => el.textContent.trim() || el.getAttribute('aria-label') || el.id)`);
}

/**
 * Whether `word` shows on the order's card without a tap: in a text the card shows (no dialog), not
 * cut by its element or any clipping ancestor, inside the screen once the card is scrolled to.
 */
export function wordInView(page: Page, id: string, word: string): Promise<boolean> {
  return page.evaluate(`(({ id, word }) => {
    const card = document.querySelector('[data-order-id="' + id + '"]');
    if (!card) return false;
    card.scrollIntoView({ block: 'start' });
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent.toLowerCase().indexOf(word.toLowerCase());
      if (at < 0 || node.parentElement.closest('dialog')) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const rects = [...range.getClientRects()];
      if (rects.length === 0) continue;
      let inside = rects.every((r) => r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth);
      for (let el = node.parentElement; inside && el; el = el === card ? null : el.parentElement) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') inside = false;
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = el.getBoundingClientRect();
        const out = (r) => r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5;
        if (el.scrollHeight > el.clientHeight + 1 || rects.some(out)) inside = false;
      }
      if (inside) return true;
    }
    return false;
  })(${JSON.stringify({ id, word })})`);
}

/** What a dialog with pinned buttons hides: see `dialogReach`. */
export interface DialogReach {
  /** Controls not seen whole once scrolled to: under the buttons, past the dialog's or the screen's edge, or cut by the part that scrolls. */
  hidden: string[];
  /** The buttons' row buttons not wholly on the screen. */
  buttonsOff: string[];
  /** The buttons' row buttons under a finger's 44×44 px: "text W×H". */
  buttonsSmall: string[];
  /** How far (px) what the scrolling part shows reaches past the buttons' top edge. */
  scrollPastButtons: number;
}

/**
 * A dialog whose buttons (`.confirm-actions`) stay in view while its body (`.confirm-body`, else the
 * dialog itself) scrolls: each of its `controls` scrolled to as a browser scrolls to a focused field
 * (`block: 'nearest'`) must be seen whole, inside the dialog, the screen and what the scrolling part
 * shows, and off the buttons; the buttons on the screen, each a finger's size; the scrolling part
 * ending at the buttons' top edge. Scrolls the dialog's body as it goes.
 */
export function dialogReach(page: Page, dialog: string, controls: string): Promise<DialogReach> {
  return page.evaluate(`(({ dialog: selector, controls }) => {
    const dialog = document.querySelector(selector);
    const buttons = dialog.querySelector('.confirm-actions');
    const scroller = dialog.querySelector('.confirm-body') ?? dialog;
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    // What the scrolling part shows: its box less its borders and scroll bars, from its edges (its
    // client sizes are whole pixels, a box placed at a fraction of one would seem cut by a pixel).
    const shown = () => {
      const r = scroller.getBoundingClientRect(), style = getComputedStyle(scroller);
      const right = parseFloat(style.borderRightWidth), bottom = parseFloat(style.borderBottomWidth);
      const barX = Math.max(0, scroller.offsetWidth - scroller.clientWidth - scroller.clientLeft - right);
      const barY = Math.max(0, scroller.offsetHeight - scroller.clientHeight - scroller.clientTop - bottom);
      return { left: r.left + scroller.clientLeft, right: r.right - right - barX, top: r.top + scroller.clientTop, bottom: r.bottom - bottom - barY };
    };
    const name = (el) => (el.textContent || el.name || el.getAttribute('aria-label') || '').trim();
    const hidden = [];
    for (const control of dialog.querySelectorAll(controls)) {
      if (control.getClientRects().length === 0 || buttons.contains(control)) continue;
      control.scrollIntoView({ block: 'nearest' });
      const box = control.getBoundingClientRect();
      const under = meet(box, buttons.getBoundingClientRect());
      if (under || !inside(box, dialog.getBoundingClientRect()) || !inside(box, screen) || !inside(box, shown())) hidden.push(name(control));
    }
    const shownButtons = [...buttons.querySelectorAll('button')].filter((button) => button.getClientRects().length > 0);
    const buttonsOff = shownButtons.filter((button) => !inside(button.getBoundingClientRect(), screen)).map(name);
    const buttonsSmall = shownButtons
      .map((button) => ({ button, r: button.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ button, r }) => name(button) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
    return { hidden, buttonsOff, buttonsSmall, scrollPastButtons: Math.max(0, Math.round(shown().bottom - buttons.getBoundingClientRect().top)) };
  })(${JSON.stringify({ dialog, controls })})`);
}

const PROBE = readFileSync(fileURLToPath(new URL('./layout-probe.js', import.meta.url)), 'utf8');

/**
 * Any page's sideways overflow (px), what reaches past the screen's sides, and the controls under
 * 44×44 px (a check box or radio button by its label), from test/web/layout-probe.js.
 */
export function pageLayout(page: Page): Promise<{ overflow: number; offScreen: string[]; smallTargets: string[] }> {
  return page.evaluate(`${PROBE}
(() => { const { overflow, offScreen, smallTargets } = measureLayout([]); return { overflow, offScreen, smallTargets }; })()`);
}

/** Sixty characters: as long as a dish or guest name gets in practice. */
const sixty = (text: string) => text.padEnd(60, '.').slice(0, 60);
export const ALLERGY_WORD = 'PEANUT';
/** 500 characters of ordinary wishes, the allergy last: the part a one-line clamp cuts. */
export const LONG_REQUEST = `${'Please bring the sauce on the side and keep the fries extra crispy, thank you. '.repeat(6)}NB: SEVERE PEANUT ALLERGY!`;

export interface Rush {
  orders: Order[];
  /** Orders with the long request (the allergy at its end). */
  allergic: Order[];
  dishes: { hot: string[]; cold: string[]; beverages: string[] };
  /** Every dish's name and station, by id. */
  menu: Map<string, { name: string; station: string }>;
}

/**
 * `count` open orders of long-named dishes over the three stations: every `longEvery`th (fourth) with the long
 * request, every fifth a takeaway, every seventh with a 60-character guest name.
 */
export async function seedRush(t: TestApp, count = 40, longEvery = 4): Promise<Rush> {
  const flour = await addIngredient(t, 'Flour', 1_000_000);
  const menu = new Map<string, { name: string; station: string }>();
  const dish = async (name: string, station: 'cold' | 'hot' | 'beverages', preparation_time: number) => {
    const added = await addDish(t, {
      name: sixty(name),
      station,
      preparation_time,
      ingredients: [{ ingredient_id: flour.id, is_essential: true }],
    });
    menu.set(added.id, { name: added.name, station });
    return added.id;
  };
  const dishes = {
    hot: [
      await dish('Twelve-hour braised beef short rib with smoked marrow and red wine jus', 'hot', 25),
      await dish('Pan-roasted wild halibut with brown butter, capers and charred lemon', 'hot', 15),
      await dish('Hand-rolled pappardelle with slow-cooked wild boar ragu and pecorino', 'hot', 12),
    ],
    cold: [
      await dish('Heirloom tomato and burrata salad with basil oil and aged balsamic', 'cold', 8),
      await dish('Beetroot carpaccio with whipped goat cheese, walnuts and honey drizzle', 'cold', 6),
    ],
    beverages: [await dish('Double espresso with oat milk, cinnamon dust and an almond biscotti', 'beverages', 3)],
  };
  const orders: Order[] = [];
  const allergic: Order[] = [];
  for (let i = 1; i <= count; i += 1) {
    const ids = [
      dishes.hot[i % 3]!,
      ...(i % 2 ? [dishes.hot[(i + 1) % 3]!] : []),
      dishes.cold[i % 2]!,
      ...(i % 3 === 0 ? [dishes.beverages[0]!] : []),
    ];
    const order = await placeOrder(t, ids, 'patron', {
      name: i % 7 === 0 ? sixty(`Maximiliana-Alexandra-Wolfeschlegelsteinhausenbergerdorff-${i}-Smith`) : `Guest${i}`,
      table_number: i % 5 === 0 ? undefined : i,
      ...(i % longEvery === 1 ? { special_requests: LONG_REQUEST } : {}),
    });
    orders.push(order);
    if (i % longEvery === 1) allergic.push(order);
  }
  return { orders, allergic, dishes, menu };
}
