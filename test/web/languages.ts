// What the language tests judge on any page: no English left where the page speaks another
// language (checked against the English catalogue), and no text cut or spilling past the screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const catalogue = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../web/public/i18n', `${language}.json`), 'utf8'));

/** A message's literal text, its ICU arguments (with their nested branches) cut out. */
function literalPieces(message: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let piece = '';
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) pieces.push(piece);
      piece = depth === 0 ? '' : piece;
      depth += 1;
    } else if (char === '}') depth -= 1;
    else if (depth === 0) piece += char;
  }
  pieces.push(piece);
  return pieces.map((each) => each.trim()).filter((each) => /\p{L}{3}/u.test(each));
}

/**
 * The English a page in `language` must not show: each English message that reads differently
 * there, whole when it has no arguments, and its longer literal pieces when it has.
 */
export function englishOnly(language: Language): { whole: string[]; pieces: string[] } {
  const english = catalogue('en');
  const other = catalogue(language);
  const whole = new Set<string>();
  const pieces = new Set<string>();
  for (const [key, message] of Object.entries(english)) {
    if (other[key] === message) continue;
    if (!message.includes('{')) whole.add(message.trim());
    else for (const piece of literalPieces(message)) if (piece.length >= 8 && !other[key]!.includes(piece)) pieces.add(piece);
  }
  return { whole: [...whole], pieces: [...pieces] };
}

/** The words a person sees on the page: its visible text and the labels read out or shown in fields. */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, .language-picker, datalist') || !visible(parent)) continue;
      if (node.textContent.trim()) texts.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!visible(el) || el.closest('.language-picker')) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) if (el.getAttribute(name)) texts.push(el.getAttribute(name).trim());
    }
    return texts;
  })()`);
}

/** English messages shown on a page that speaks `language`. */
export async function englishLeft(page: Page, language: Language): Promise<string[]> {
  if (language === 'en') return [];
  const { whole, pieces } = englishOnly(language);
  const texts = await shownTexts(page);
  return [...whole.filter((message) => texts.includes(message)), ...pieces.filter((piece) => texts.some((text) => text.includes(piece)))];
}

/**
 * Text cut off: shown elements whose content is wider or taller than their box while their
 * overflow hides it (not scrolling lists), by their text; and the page's sideways overflow.
 */
export function cutText(page: Page): Promise<{ overflow: number; cut: string[] }> {
  return page.evaluate(`(() => {
    const cut = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getClientRects().length === 0 || el.closest('.language-picker, canvas, .uplot')) continue;
      const style = getComputedStyle(el);
      // Words for screen readers only (a 1 px box, clipped away) are not shown, so not cut.
      if (el.clientWidth <= 1 || style.clipPath.startsWith('inset(50%')) continue;
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      // A button's words spilling past its edge are cut for the eye too, whatever its overflow says.
      const spills = el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1;
      if (spills || (hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1 && style.webkitLineClamp === 'none')) {
        cut.push(el.tagName.toLowerCase() + '.' + el.className + ': ' + (el.textContent ?? '').trim().slice(0, 60));
      }
    }
    return { overflow: document.documentElement.scrollWidth - innerWidth, cut };
  })()`);
}

/**
 * Words of the screen's own split across two lines ("Takeawa|y"): each word of `selector`'s shown
 * text, as laid out, must sit on one line. (Debian's Chromium hyphenates no language, so a word the
 * browser would hyphenate elsewhere counts as split here: the layout must give every word its room.)
 */
export function splitWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const split = [];
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      if (el.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  })()`);
}

/** The restaurant's language and currency, set as a manager sets them. */
export async function speak(t: TestApp, language: Language, currency = 'EUR'): Promise<void> {
  const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { language, currency } });
  if (response.statusCode !== 200) throw new Error(`settings: ${response.body}`);
}
