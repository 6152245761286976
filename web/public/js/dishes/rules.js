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

const LABELS = /** @type {Record<string, string>} */ ({
  name: 'Name',
  description: 'Description',
  category: 'Category',
  station: 'Station',
  price: 'Price',
  preparation_time: 'Minutes to prepare',
  image_name: 'Image name',
  ingredients: 'Recipe',
});

/** The schema's comparisons in words. */
const WORDS = /** @type {Record<string, string>} */ ({ 'must be > 0': 'must be above 0', 'must be >= 0': 'must be 0 or more' });

/**
 * A 400's field errors as sentences: "Minutes to prepare must be above 0. Price must be 0 or more."
 * An unknown ingredient is one deleted on another screen since the form was filled.
 * @param {{ path?: string, message?: string }[]} errors
 */
export function fieldText(errors) {
  return errors
    .map(({ path = '', message = '' }) => {
      const field = path.replace(/^\//, '').split(/[./]/)[0] ?? '';
      if (field === 'ingredients' && message.startsWith('unknown ingredient'))
        return 'An ingredient of the recipe was deleted on another screen: take it out, then save again.';
      return `${LABELS[field] ?? path} ${WORDS[message] ?? message}.`;
    })
    .join(' ');
}
