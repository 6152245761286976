// A dish's modifier groups: required choices (doneness), removals and additions tied to its
// ingredients, each option with what it adds to the price and to the minutes.
import Type, { type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { MAX_MINUTES, MAX_PRICE } from './limits.js';

export const MODIFIER_ACTIONS = ['add', 'remove'] as const;
export type ModifierAction = (typeof MODIFIER_ACTIONS)[number];

const OptionName = Type.String({ minLength: 1, maxLength: 60, examples: ['No onions'] });
const IngredientRef = Type.String({ description: 'An ingredient: one of the dish\'s for "remove"; any for "add".' });
const Action = Type.Enum(MODIFIER_ACTIONS, { description: 'Given with ingredient_id and only with it.' });

const optionFields = {
  name: OptionName,
  price_delta: Type.Number({
    minimum: -MAX_PRICE,
    maximum: MAX_PRICE,
    description: `Added to the price per unit (may be negative), within ±${MAX_PRICE}.`,
    examples: [1.5],
  }),
  minutes_delta: Type.Number({
    minimum: -MAX_MINUTES,
    maximum: MAX_MINUTES,
    description:
      `Added to the preparation time, within ±${MAX_MINUTES}; the dish with it stays above 0 minutes, ` +
      `and an item takes at most ${MAX_MINUTES} whatever its options add.`,
    examples: [2],
  }),
};

export const ModifierOption = Type.Object(
  {
    id: Id,
    ...optionFields,
    ingredient_id: Type.Optional(IngredientRef),
    action: Type.Optional(Action),
  },
  { additionalProperties: false },
);
export type ModifierOption = Static<typeof ModifierOption>;

const Min = Type.Integer({ minimum: 0, maximum: 10, description: 'Fewest options to choose; 1 or more is a required choice.' });
const Max = Type.Integer({ minimum: 1, maximum: 20, description: 'Most options to choose (at least min).' });
const GroupName = Type.String({ minLength: 1, maxLength: 60, examples: ['Doneness'] });

export const ModifierGroup = Type.Object(
  { id: Id, name: GroupName, min: Min, max: Max, options: Type.Array(ModifierOption, { minItems: 1, maxItems: 30 }) },
  { additionalProperties: false },
);
export type ModifierGroup = Static<typeof ModifierGroup>;

const GROUPS_DESCRIPTION = 'Choices a guest makes on the dish (doneness, removals, additions); default [].';
export const ModifierGroups = Type.Array(ModifierGroup, { maxItems: 10, description: GROUPS_DESCRIPTION });

/** As written: ids are assigned when omitted (and kept when given), numbers take their defaults. */
export const ModifierOptionWrite = Type.Object(
  {
    id: Type.Optional(Id),
    name: OptionName,
    price_delta: Type.Optional(optionFields.price_delta),
    minutes_delta: Type.Optional(optionFields.minutes_delta),
    ingredient_id: Type.Optional(IngredientRef),
    action: Type.Optional(Action),
  },
  { additionalProperties: false },
);
export const ModifierGroupWrite = Type.Object(
  {
    id: Type.Optional(Id),
    name: GroupName,
    min: Type.Optional(Min),
    max: Type.Optional(Max),
    options: Type.Array(ModifierOptionWrite, { minItems: 1, maxItems: 30 }),
  },
  { additionalProperties: false },
);
export const ModifierGroupsWrite = Type.Array(ModifierGroupWrite, { maxItems: 10, description: GROUPS_DESCRIPTION });
export type ModifierGroupsWrite = Static<typeof ModifierGroupsWrite>;

/** A chosen option as an order's item and its ticket show it. */
export const ChosenModifier = Type.Object(
  { id: Id, group: Type.String(), name: Type.String(), action: Nullable(Action) },
  { additionalProperties: false },
);
export type ChosenModifier = Static<typeof ChosenModifier>;
