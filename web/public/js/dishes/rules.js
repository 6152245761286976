// A dish's field rules as the server states them: the body schema of POST /dishes in the served
// OpenAPI document (written once, in models/dish.ts), so the page keeps no second copy of the
// lengths, the categories or the stations; and a 400's field errors in plain words.

/**
 * @typedef {{ maxLength?: number, minimum?: number, exclusiveMinimum?: number, maxItems?: number, enum?: string[],
 *   anyOf?: { const?: string }[], $ref?: string, properties?: Record<string, FieldRule> }} FieldRule
 */

/** @type {Promise<Record<string, FieldRule>> | null} */
let rules = null;

/** The fields of a dish as POST /dishes takes them; empty when the document cannot be read. @returns {Promise<Record<string, FieldRule>>} */
export function dishRules() {
  rules ??= fetch('/openapi.json', { credentials: 'omit' })
    .then((response) => response.json())
    .then((doc) => {
      /** @type {FieldRule | undefined} */
      let schema = doc?.paths?.['/dishes']?.post?.requestBody?.content?.['application/json']?.schema;
      if (schema?.$ref) schema = doc?.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
      return schema?.properties ?? {};
    })
    .catch(() => {
      rules = null;
      return {};
    });
  return rules;
}

/** The values a field takes (an enum, or typebox's union of constants). @param {FieldRule | undefined} rule */
export const choicesOf = (rule) => rule?.enum ?? rule?.anyOf?.map((each) => each.const ?? '').filter(Boolean) ?? [];

/**
 * The page's `t` (lib/i18n.js), passed in so these rules stay free of the page's imports.
 * @typedef {(key: string, values?: Record<string, string>) => string} Translate
 */

/** Each field under its label in the dish dialog. */
const LABELS = /** @type {Record<string, string>} */ ({
  name: 'dishes.name',
  description: 'dishes.description',
  category: 'dishes.category',
  station: 'dishes.station',
  price: 'dishes.price',
  preparation_time: 'dishes.minutes',
  image_name: 'dishes.image',
  ingredients: 'dishes.recipe',
});

/** The schema's comparisons in words; any other is the server's own. */
const WORDS = /** @type {Record<string, (field: string, t: Translate) => string>} */ ({
  'must be > 0': (field, t) => t('dishes.field-above-0', { field }),
  'must be >= 0': (field, t) => t('dishes.field-0-or-more', { field }),
});

/**
 * A 400's field errors as sentences: "Minutes to prepare must be above 0. Price must be 0 or more."
 * An unknown ingredient is one deleted on another screen since the form was filled.
 * @param {{ path?: string, message?: string }[]} errors
 * @param {Translate} t
 */
export function fieldText(errors, t) {
  return errors
    .map(({ path = '', message = '' }) => {
      const field = path.replace(/^\//, '').split(/[./]/)[0] ?? '';
      if (field === 'ingredients' && message.startsWith('unknown ingredient')) return t('dishes.recipe-gone-save');
      const label = LABELS[field] ? t(LABELS[field]) : path;
      const words = WORDS[message];
      return words ? words(label, t) : t('dishes.field-other', { field: label, reason: message });
    })
    .join(' ');
}
