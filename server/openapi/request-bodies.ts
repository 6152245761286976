// Names for the request bodies in the OpenAPI document, so generated clients get OrderCreate,
// DishPatch, ... types. Known by identity rather than by `$id`, so the schemas that validate
// requests stay exactly as they are. A body left out here is documented inline, which is valid too.
import { RefreshRequest, TokenRequest } from '../../models/auth.js';
import { DishPatch, DishWrite } from '../../models/dish.js';
import { IngredientCreate, IngredientPatch } from '../../models/ingredient.js';
import { OrderCreate, OrderPatch, OrderReplace } from '../../models/order.js';
import { UserCreate, UserPatch, UserReplace } from '../../models/user.js';

export const requestBodyNames: ReadonlyMap<object, string> = new Map<object, string>([
  [TokenRequest, 'PasswordGrant'],
  [RefreshRequest, 'RefreshRequest'],
  [DishWrite, 'DishWrite'],
  [DishPatch, 'DishPatch'],
  // POST and PUT take the same body.
  [IngredientCreate, 'IngredientWrite'],
  [IngredientPatch, 'IngredientPatch'],
  [OrderCreate, 'OrderCreate'],
  [OrderReplace, 'OrderReplace'],
  [OrderPatch, 'OrderPatch'],
  [UserCreate, 'UserCreate'],
  [UserReplace, 'UserReplace'],
  [UserPatch, 'UserPatch'],
]);
