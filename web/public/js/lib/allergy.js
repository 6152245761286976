// The allergy words in a guest's request, and which of the EU allergens each names, so a board can
// mark them where the request is shown in full, on the tickets whose dishes hold that allergen ("gluten-free
// bun" marks the hot station's burger, never the bar's lemonade). A word list, not understanding: it
// errs on marking too much ("oat milk"); a word naming no allergen ("allergy", "EpiPen") is marked everywhere.
import { allergenName } from './allergens.js';
import { formatList, t } from './i18n.js';
/** @import { AllergyAlert } from '../../../types/api.js' */
/** @type {[RegExp, string[]][]} a word and the allergens it names (none: a general allergy word) */
const WORDS = [
  [/^(allerg\w*|anaphyla\w*|epipen|intoleran\w*)$/i, []],
  [/^(coeliac|celiac|gluten\w*|wheat)$/i, ['cereals_gluten']],
  [/^peanuts?$/i, ['peanuts']],
  [/^(nuts?|almonds?|cashews?|hazelnuts?|walnuts?|pecans?|pistachios?)$/i, ['nuts']],
  [/^sesame$/i, ['sesame']],
  [/^(soy|soya)$/i, ['soybeans']],
  [/^shellfish$/i, ['crustaceans', 'molluscs']],
  [/^(crustaceans?|prawns?|shrimps?|crabs?|lobsters?)$/i, ['crustaceans']],
  [/^(molluscs?|mussels?|oysters?)$/i, ['molluscs']],
  [/^fish$/i, ['fish']],
  [/^(dairy|lactose|milk)$/i, ['milk']],
  [/^eggs?$/i, ['eggs']],
  [/^mustard$/i, ['mustard']],
  [/^celery$/i, ['celery']],
  [/^lupin$/i, ['lupin']],
  [/^(sulphites?|sulfites?)$/i, ['sulphites']],
];
/**
 * The allergens a word, or a part of a hyphenated one ("gluten-free", "nut-free"), names: null when
 * it names no allergy, [] for a general allergy word. @param {string} word @returns {string[] | null}
 */
function allergensOf(word) {
  let found = /** @type {string[] | null} */ (null);
  for (const part of word.split(/[-‐‑]/)) {
    const bare = part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    const match = WORDS.find(([pattern]) => pattern.test(bare));
    if (match) found = [...(found ?? []), ...match[1]];
  }
  return found;
}
/**
 * The request cut into runs of plain text and allergy words, the words of a clause marked only when
 * the clause concerns these dishes: it names an allergen they hold, or names none ("allergic, ask
 * me"). `allergens` null: any dish, as on the expeditor's whole order. Nothing dropped, so the runs
 * joined are the request.
 * @param {string} request @param {Set<string> | null} allergens the allergens of the ticket's dishes
 * @returns {{ text: string, allergy: boolean }[]}
 */
export function requestRuns(request, allergens) {
  /** @type {{ text: string, allergy: boolean }[]} */
  const runs = [];
  /** @param {string} text @param {boolean} allergy */
  const push = (text, allergy) => {
    const last = runs.at(-1);
    if (last && last.allergy === allergy) last.text += text;
    else if (text) runs.push({ text, allergy });
  };
  for (const clause of request.split(/([.;,!?\n]+)/)) {
    const pieces = clause.split(/(\s+)/);
    const named = pieces.map((piece) => (/\S/.test(piece) ? allergensOf(piece) : null));
    const specific = named.flatMap((each) => each ?? []);
    const concerns = allergens === null || specific.length === 0 || specific.some((each) => allergens.has(each));
    pieces.forEach((piece, index) => push(piece, concerns && named[index] !== null));
  }
  return runs;
}

/** The EU allergens in the screen's language (lib/allergens.js). @param {string} allergen */
export const allergenText = (allergen) => allergenName(allergen);

/**
 * What a ticket or row must say about declared allergies: each alert the server put on the tickets
 * ("Burger: sesame, milk"), each once. @param {AllergyAlert[]} alerts `allergy_alerts` items
 * @param {Map<string, string>} dishNames by dish id, and by item id for an item's alert ("Seat 3 · Burger")
 * @returns {{ alerts: string[] }}
 */
export function allergyLines(alerts, dishNames) {
  const said = new Map();
  for (const alert of alerts) {
    const dish = dishNames.get(alert.item_id ?? '') ?? dishNames.get(alert.dish_id) ?? t('ticket.a-dish');
    const text = t('ticket.alert', { dish, allergens: formatList(alert.allergens.map(allergenText)) });
    said.set(text, text);
  }
  return { alerts: [...said.values()] };
}
