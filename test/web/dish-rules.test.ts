// The menu editor's refusals of a dish's fields in plain words, from the server's 400 `errors`
// (the module is the page's own: a browser module with no DOM use).
import { describe, expect } from 'vitest';
// @ts-expect-error: a plain browser module without type declarations
import { choicesOf, fieldText } from '../../web/public/js/dishes/rules.js';
import { it } from '../helpers/fixtures.js';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../web/public/i18n/en.json' with { type: 'json' };

/** The page's `t` in English: the English catalogue through the same message library. */
const english = (key: string, values?: Record<string, string>) =>
  String(new IntlMessageFormat((en as Record<string, string>)[key] ?? key, 'en').format(values));
import { addIngredient } from '../helpers/menu.js';

describe('menu editor field rules', () => {
  it("says the server's refusals of a new dish in the form's words", async ({ app: t }) => {
    const salt = await addIngredient(t, 'Salt', 5);
    const dish = { name: 'Soup', description: 'Hot', category: 'Appetizer', station: 'hot', image_name: 'soup' };
    const bad = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      payload: { ...dish, price: -1, preparation_time: 0, ingredients: [{ ingredient_id: salt.id, is_essential: true }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldText(bad.json().errors, english)).toBe('Minutes to prepare must be above 0. Price must be 0 or more.');
    await t.inject({ method: 'DELETE', url: `/ingredients/${salt.id}`, as: 'chef' });
    const gone = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      payload: { ...dish, price: 4, preparation_time: 5, ingredients: [{ ingredient_id: salt.id, is_essential: true }] },
    });
    expect(gone.statusCode).toBe(400);
    expect(fieldText(gone.json().errors, english)).toBe(
      'An ingredient of the recipe was deleted on another screen: take it out, then save again.',
    );
    // The categories and stations the page offers are read from the served document.
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = doc.paths['/dishes'].post.requestBody.content['application/json'].schema;
    const fields = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()].properties : body.properties;
    expect(choicesOf(fields.category)).toStrictEqual(['Appetizer', 'Main Course', 'Dessert', 'Drinks']);
    expect(choicesOf(fields.station)).toStrictEqual(['cold', 'hot', 'beverages']);
  });
});
