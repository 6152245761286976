// Ingredients: stock-tracked items that dishes are made from.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { ALLERGENS, Allergens } from './allergens.js';
import { Id, Nullable, Timestamp } from './common.js';
import { MAX_PRICE, MAX_STOCK } from './limits.js';

export const IngredientName = Type.String({ minLength: 1, maxLength: 120, examples: ['Carrot'] });
const InStockQty = Type.Number({
  minimum: -MAX_STOCK,
  maximum: MAX_STOCK,
  description: `Quantity in stock: a number from -${MAX_STOCK} to ${MAX_STOCK} (below zero after a spill or a recount).`,
  examples: [40],
});
const Price = Type.Number({ minimum: 0, maximum: MAX_PRICE, description: `From 0 to ${MAX_PRICE}.`, examples: [0.35] });
const Unit = Nullable(
  Type.String({
    minLength: 1,
    maxLength: 12,
    description:
      'The unit of in_stock_qty and of recipe quantities ("kg", "l", "pcs"), shown beside every quantity; default null. A PUT that omits it keeps it.',
    examples: ['kg'],
  }),
);
const IngredientAllergens = Allergens('Allergens of EU Regulation 1169/2011 it contains; default empty. A PUT that omits it keeps it.');

export const Ingredient = Type.Object(
  {
    id: Id,
    created_at: Timestamp,
    updated_at: Timestamp,
    name: IngredientName,
    in_stock_qty: InStockQty,
    price: Price,
    unit: Unit,
    allergens: IngredientAllergens,
  },
  { $id: 'Ingredient' },
);
export type Ingredient = Static<typeof Ingredient>;
/** What is stored: `allergens` and `unit` are absent on ingredients stored before they existed (read as none). */
export type IngredientDoc = Omit<Ingredient, 'allergens' | 'unit'> & { allergens?: Ingredient['allergens']; unit?: Ingredient['unit'] };

export const IngredientCreate = Type.Object(
  {
    name: IngredientName,
    in_stock_qty: InStockQty,
    price: Price,
    unit: Type.Optional(Unit),
    allergens: Type.Optional(IngredientAllergens),
  },
  { additionalProperties: false },
);
export type IngredientCreate = Static<typeof IngredientCreate>;

/** PUT replaces name, in_stock_qty and price, and unit and allergens when it carries them. */
export const IngredientReplace = IngredientCreate;

/** PATCH: any of the writable fields, or `in_stock_delta` to add to the stock atomically. */
export const IngredientPatch = Type.Object(
  {
    name: Type.Optional(IngredientName),
    in_stock_qty: Type.Optional(InStockQty),
    in_stock_delta: Type.Optional(
      Type.Number({
        minimum: -MAX_STOCK,
        maximum: MAX_STOCK,
        description: `Added to in_stock_qty atomically (e.g. -2 or 10); the stock it leaves stays within ±${MAX_STOCK}.`,
      }),
    ),
    price: Type.Optional(Price),
    unit: Type.Optional(Unit),
    allergens: Type.Optional(IngredientAllergens),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type IngredientPatch = Static<typeof IngredientPatch>;

export const ingredientCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', sortable: true, filterable: true },
  name: { type: 'string', sortable: true, filterable: true },
  in_stock_qty: { type: 'number', sortable: true, filterable: true },
  price: { type: 'number', sortable: true, filterable: true },
  unit: { type: 'string' },
  allergens: { type: 'enum', enum: ALLERGENS, filterable: true, array: { path: 'allergens' } },
};
