// A dish's modifier groups as written: ids assigned where omitted, defaults filled, and every rule
// of a group and an option checked against the dish it belongs to (400 naming the field).
import type { DishDoc } from '../../models/dish.js';
import type { ModifierGroup, ModifierGroupsWrite } from '../../models/modifiers.js';
import { newId } from '../../store/ids.js';
import { badRequest } from '../errors.js';

type DishShape = Pick<DishDoc, 'ingredients' | 'preparation_time'>;

const invalid = (path: string, message: string) => badRequest(`${path} ${message}.`, { errors: [{ path, message }] });

/**
 * The groups to store for a dish: `written` with ids and defaults, checked against the dish's
 * ingredients and preparation time. Ids stay unique within the dish (a repeated one: 400).
 */
export function modifierGroupsOf(written: ModifierGroupsWrite, dish: DishShape): ModifierGroup[] {
  const seen = new Set<string>();
  const unique = (id: string | undefined, path: string): string => {
    const chosen = id ?? newId();
    if (seen.has(chosen)) throw invalid(`${path}.id`, `repeats id ${chosen}: ids are unique within the dish`);
    seen.add(chosen);
    return chosen;
  };
  const own = new Set(dish.ingredients.map((entry) => entry.ingredient_id));
  return written.map((group, g) => {
    const at = `modifier_groups.${g}`;
    const min = group.min ?? 0;
    const max = group.max ?? 1;
    if (max < min) throw invalid(`${at}.max`, `must be at least min (${min})`);
    return {
      id: unique(group.id, at),
      name: group.name,
      min,
      max,
      options: group.options.map((option, o) => {
        const path = `${at}.options.${o}`;
        const minutes = option.minutes_delta ?? 0;
        if ((option.ingredient_id === undefined) !== (option.action === undefined)) {
          throw invalid(`${path}.action`, 'and ingredient_id are given together or not at all');
        }
        if (option.action === 'remove' && !own.has(option.ingredient_id!)) {
          throw invalid(`${path}.ingredient_id`, `must be one of the dish's ingredients to remove it (${option.ingredient_id})`);
        }
        if (dish.preparation_time + minutes <= 0) {
          throw invalid(`${path}.minutes_delta`, `leaves the dish at ${dish.preparation_time + minutes} minutes: it must stay above 0`);
        }
        return {
          id: unique(option.id, path),
          name: option.name,
          price_delta: option.price_delta ?? 0,
          minutes_delta: minutes,
          ...(option.ingredient_id !== undefined && { ingredient_id: option.ingredient_id, action: option.action! }),
        };
      }),
    };
  });
}

/** The ingredients the dish's "add" options bring (they must exist, and are written with the dish). */
export const addedIngredientIds = (groups: readonly ModifierGroup[]): string[] =>
  groups.flatMap((group) => group.options.flatMap((option) => (option.action === 'add' ? [option.ingredient_id!] : [])));
