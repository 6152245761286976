// The 14 allergens of EU Regulation 1169/2011, as ingredients declare them and orders name them.
import Type, { type Static } from 'typebox';

export const ALLERGENS = [
  'celery',
  'cereals_gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soybeans',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const Allergens = (description: string) =>
  Type.Array(Type.Enum(ALLERGENS), { uniqueItems: true, maxItems: ALLERGENS.length, description, examples: [['milk', 'eggs']] });
export type AllergenList = Static<ReturnType<typeof Allergens>>;

/** The allergens of `lists`, each once, in the regulation's order (so two unions compare equal). */
export function allergenUnion(lists: Iterable<readonly string[] | undefined>): Allergen[] {
  const present = new Set<string>();
  for (const list of lists) for (const allergen of list ?? []) present.add(allergen);
  return ALLERGENS.filter((allergen) => present.has(allergen));
}
