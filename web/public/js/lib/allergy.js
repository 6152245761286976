// The allergy words in a guest's request, with a few words around each, so a board can show them
// whole on every ticket while the rest of a long request stays clamped ("…the side SEVERE PEANUT
// ALLERGY"). A word list, not understanding: it errs on showing too much ("oat milk").
import { allergenName } from './allergens.js';
import { formatList, t } from './i18n.js';
/** @import { AllergyAlert } from '../../../types/api.js' */
const ALLERGY =
  /^(allerg\w*|anaphyla\w*|epipen|intoleran\w*|coeliac|celiac|gluten\w*|wheat|peanuts?|nuts?|almonds?|cashews?|hazelnuts?|walnuts?|pecans?|pistachios?|sesame|soy|soya|shellfish|crustaceans?|prawns?|shrimps?|crabs?|lobsters?|molluscs?|mussels?|oysters?|fish|dairy|lactose|milk|eggs?|mustard|celery|lupin|sulphites?|sulfites?)$/i;
/** Words kept before and after an allergy word in a long clause. */
const BEFORE = 2;
const AFTER = 3;

/** A word, or a part of a hyphenated one ("gluten-free", "nut-free"), names an allergy. @param {string} word */
const isAllergyWord = (word) => word.split(/[-‐‑]/).some((part) => ALLERGY.test(part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')));

/**
 * The request's clauses that name an allergy, each cut to the words around its allergy words and
 * said once (a request repeating "no peanuts" shows it once). @param {string | null | undefined} request
 * @returns {string[]}
 */
export function allergyNotes(request) {
  const notes = new Map();
  for (const clause of (request ?? '').split(/[.;,!?\n]+/)) {
    const words = clause.trim().split(/\s+/).filter(Boolean);
    const hits = words.flatMap((word, index) => (isAllergyWord(word) ? [index] : []));
    if (hits.length === 0) continue;
    /** @type {[number, number][]} word ranges kept, merged where they touch */
    const spans = [];
    for (const hit of hits) {
      const from = Math.max(0, hit - BEFORE);
      const to = Math.min(words.length - 1, hit + AFTER);
      const last = spans.at(-1);
      if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
      else spans.push([from, to]);
    }
    const text = spans
      .map(([from, to]) => `${from > 0 ? '…' : ''}${words.slice(from, to + 1).join(' ')}${to < words.length - 1 ? '…' : ''}`)
      .join(' ');
    notes.set(text.toLowerCase(), text);
  }
  return [...notes.values()];
}

/** The EU allergens in the screen's language (lib/allergens.js). @param {string} allergen */
export const allergenText = (allergen) => allergenName(allergen);

/**
 * What a ticket or row must say about allergies: each alert the server put on the tickets ("Burger:
 * sesame, milk"), then the request's allergy words. @param {AllergyAlert[]} alerts `allergy_alerts` items
 * @param {Map<string, string>} dishNames by dish id, and by item id for an item's alert ("Seat 3 · Burger") @param {string | null | undefined} request
 * @returns {{ alerts: string[], notes: string[] }}
 */
export function allergyLines(alerts, dishNames, request) {
  const said = new Map();
  for (const alert of alerts) {
    const dish = dishNames.get(alert.item_id ?? '') ?? dishNames.get(alert.dish_id) ?? t('ticket.a-dish');
    const text = t('ticket.alert', { dish, allergens: formatList(alert.allergens.map(allergenText)) });
    said.set(text, text);
  }
  return { alerts: [...said.values()], notes: allergyNotes(request) };
}
