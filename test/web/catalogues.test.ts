// The screens' message catalogues (web/public/i18n/<language>.json) against the code that uses
// them: every key a page or script names exists in every language, no catalogue keeps a key nobody
// uses, every message parses as ICU MessageFormat, and a message takes the same arguments (names
// and kinds: plural, select, number…) in every language, so no screen loses a count in translation.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

const PUBLIC = join(import.meta.dirname, '../../web/public');
const LANGUAGES = ['en', 'es', 'fr', 'de'];

const catalogue = (language: string): Record<string, string> => JSON.parse(readFileSync(join(PUBLIC, 'i18n', `${language}.json`), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(path);
    return /\.(js|html)$/.test(entry.name) ? [path] : [];
  });
}

/** Keys named literally (`t('key'`, `data-i18n…="key"`) and prefixes of keys built at run time (t(`allergen.${…}`)). */
function keysUsed(): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of sources(PUBLIC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*(['"])([\w.-]+)\1/g)) keys.add(match[2]!);
    for (const match of text.matchAll(/data-i18n(?:-[a-z-]+)?="([\w.-]+)"/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/\bt\(\s*`([\w.-]+)\$\{/g)) prefixes.add(match[1]!);
  }
  return { keys, prefixes };
}

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };
const KIND = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'];

/** Each ICU argument of a message as `name:kind`, from its parsed form (plural and select branches included). */
function argumentsOf(elements: Element[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    const kind = KIND[element.type];
    if (kind !== 'literal' && kind !== 'pound') found.add(`${String(element.value)}:${kind === 'argument' ? 'plain' : kind}`);
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, found);
    if (element.children) argumentsOf(element.children, found);
  }
  return found;
}

describe('the message catalogues', () => {
  const english = catalogue('en');
  const { keys, prefixes } = keysUsed();

  it('hold every key the pages and scripts use, in every language', () => {
    expect(keys.size).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const missing = [...keys].filter((key) => !(key in catalogue(language)));
      expect(missing, `missing from ${language}.json`).toStrictEqual([]);
    }
  });

  it('keep no key that nothing uses, and the same keys in every language', () => {
    const unused = Object.keys(english).filter((key) => !keys.has(key) && ![...prefixes].some((prefix) => key.startsWith(prefix)));
    expect(unused, 'keys of en.json that no page or script uses').toStrictEqual([]);
    for (const language of LANGUAGES) expect(Object.keys(catalogue(language)).sort(), language).toStrictEqual(Object.keys(english).sort());
  });

  it('parse as ICU MessageFormat, with the same arguments in every language', () => {
    for (const [key, source] of Object.entries(english)) {
      const wanted = [...argumentsOf(new IntlMessageFormat(source, 'en').getAst() as Element[])].sort();
      for (const language of LANGUAGES.slice(1)) {
        const message = catalogue(language)[key];
        expect(message?.trim(), `${language} ${key} is empty`).toBeTruthy();
        const found = [...argumentsOf(new IntlMessageFormat(message!, language).getAst() as Element[])].sort();
        expect(found, `${language} ${key}`).toStrictEqual(wanted);
      }
    }
  });
});
