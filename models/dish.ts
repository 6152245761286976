// Dishes: menu items with their prep station, preparation time and ingredients.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { ALLERGENS, Allergens } from './allergens.js';
import { Id, Nullable, Timestamp } from './common.js';
import { MAX_MINUTES, MAX_PRICE } from './limits.js';
import { ModifierGroups, ModifierGroupsWrite } from './modifiers.js';

export const CATEGORIES = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'] as const;
export const STATIONS = ['cold', 'hot', 'beverages'] as const;
export type Station = (typeof STATIONS)[number];

const DishIngredient = Type.Object(
  {
    ingredient_id: Type.String({ description: 'Id of an ingredient.', examples: ['66294b2a4475a41f3e709bc5'] }),
    is_essential: Type.Boolean({ description: 'True: the dish cannot be made without it.' }),
    quantity: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'Units of in_stock_qty one dish takes; default 1.', examples: [2] }),
    ),
  },
  { additionalProperties: false },
);

const writable = {
  name: Type.String({ minLength: 1, maxLength: 120, examples: ['Risotto alla Milanese'] }),
  description: Type.String({ minLength: 1, maxLength: 2000 }),
  category: Type.Enum(CATEGORIES),
  image_name: Type.String({ minLength: 1, maxLength: 255, examples: ['risotto'] }),
  ingredients: Type.Array(DishIngredient, { minItems: 1, maxItems: 50 }),
  preparation_time: Type.Number({
    exclusiveMinimum: 0,
    maximum: MAX_MINUTES,
    description: `Minutes: more than 0, at most ${MAX_MINUTES} (a day).`,
    examples: [18],
  }),
  price: Type.Number({ minimum: 0, maximum: MAX_PRICE, description: `From 0 to ${MAX_PRICE}.`, examples: [14.5] }),
  station: Type.Enum(STATIONS),
};

export const Dish = Type.Object(
  {
    id: Id,
    created_at: Timestamp,
    updated_at: Timestamp,
    ...writable,
    modifier_groups: ModifierGroups,
    is_available: Type.Boolean({ description: 'Read-only: every essential ingredient has in_stock_qty > 0.' }),
    portions_left: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'Read-only: how many more the stock allows (the least, over essential ingredients, of in_stock_qty ' +
          'divided by the units one dish takes, rounded down; never below 0); null without an essential ' +
          'ingredient.',
        examples: [12],
      }),
    ),
    allergens: Allergens("Read-only: the union of its ingredients' allergens (essential or not)."),
  },
  { $id: 'Dish' },
);
export type Dish = Static<typeof Dish>;
/**
 * What is stored: availability and portions are derived from stock at read time, never stored;
 * allergens are derived from the ingredients when the dish or one of them is written (absent on
 * dishes stored before they existed: read as none).
 */
export type DishDoc = Omit<Dish, 'is_available' | 'portions_left' | 'allergens' | 'modifier_groups'> & {
  allergens?: Dish['allergens'];
  /** Absent on dishes stored before modifiers existed until the start-up upgrade (domain/orders/upgrades.ts) gives them []. */
  modifier_groups?: Dish['modifier_groups'];
};

/** POST and PUT take every writable field; a PUT without modifier_groups keeps the dish's. */
export const DishWrite = Type.Object({ ...writable, modifier_groups: Type.Optional(ModifierGroupsWrite) }, { additionalProperties: false });
/** The body of POST and PUT as written. */
export type DishBody = Static<typeof DishWrite>;
/** A dish's own fields as written, without its modifier groups (stored ones carry their ids: models/modifiers.ts). */
export type DishWrite = Omit<DishBody, 'modifier_groups'>;

export const DishPatch = Type.Partial(DishWrite, { additionalProperties: false, minProperties: 1 });
export type DishPatch = Static<typeof DishPatch>;

export const dishCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', sortable: true, filterable: true },
  name: { type: 'string', sortable: true, filterable: true },
  description: { type: 'string', filterable: true },
  category: { type: 'enum', enum: CATEGORIES, sortable: true, filterable: true },
  image_name: { type: 'string', filterable: true },
  preparation_time: { type: 'number', sortable: true, filterable: true },
  price: { type: 'number', sortable: true, filterable: true },
  station: { type: 'enum', enum: STATIONS, sortable: true, filterable: true },
  ingredients: { type: 'object' },
  'ingredients.ingredient_id': { type: 'string', filterable: true, array: { path: 'ingredients', item: 'ingredient_id' } },
  'ingredients.is_essential': { type: 'boolean', filterable: true, array: { path: 'ingredients', item: 'is_essential' } },
  is_available: { type: 'boolean', filterable: true, computed: true },
  portions_left: { type: 'integer' },
  allergens: { type: 'enum', enum: ALLERGENS, filterable: true, array: { path: 'allergens' } },
};
