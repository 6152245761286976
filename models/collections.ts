// The stored collections: each one's document type, its field catalogue and the indexes a store
// must build for it. Both stores read this one description.
import type { Catalogue } from '../query/types.js';
import type { RefreshTokenDoc } from './auth.js';
import { refreshTokenCatalogue } from './auth.js';
import { dishCatalogue, type DishDoc } from './dish.js';
import { ingredientCatalogue, type IngredientDoc } from './ingredient.js';
import { orderStoreCatalogue, type OrderDoc } from './order.js';
import { userCatalogue, type UserDoc } from './user.js';

export interface Collections {
  dishes: DishDoc;
  ingredients: IngredientDoc;
  orders: OrderDoc;
  users: UserDoc;
  refresh_tokens: RefreshTokenDoc;
}

export interface CollectionSpec {
  /** Fields the store can filter and sort on (computed fields are resolved before the store). */
  catalogue: Catalogue;
  /** Compound indexes, by catalogue field; `created_at` (the default order) is always indexed. */
  indexes: string[][];
  /** Unique fields; case-insensitive ones compare lower-cased. */
  unique: { field: string; caseInsensitive: boolean }[];
}

export const COLLECTIONS: { readonly [N in keyof Collections]: CollectionSpec } = {
  dishes: {
    catalogue: dishCatalogue,
    indexes: [['category'], ['station'], ['name'], ['price']],
    unique: [],
  },
  ingredients: { catalogue: ingredientCatalogue, indexes: [['name'], ['in_stock_qty']], unique: [] },
  orders: {
    catalogue: orderStoreCatalogue,
    indexes: [['status', 'created_at'], ['priority', 'created_at'], ['table_number'], ['owner_id', 'created_at'], ['status', 'fire_at']],
    unique: [],
  },
  users: { catalogue: userCatalogue, indexes: [['role'], ['user_name']], unique: [{ field: 'user_name', caseInsensitive: true }] },
  refresh_tokens: {
    catalogue: refreshTokenCatalogue,
    indexes: [['family_id'], ['user_id']],
    unique: [{ field: 'token_hash', caseInsensitive: false }],
  },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as (keyof Collections)[];
