// An order's items as every screen says them: modifiers in a cook's words (removals shouted, "NO
// ONIONS"; additions "+ BACON"), seats, what changed on a ticket while it cooked (NEW, VOID,
// REMAKE), and a dish's price, allergens and choices with the options a guest picked.
import { language, t } from './i18n.js';
/** @import { ChosenModifier, Dish, ModifierGroup, RemakeReason, Ticket, TicketItem } from '../../../types/api.js' */

/** An item's bump (one step forward) and recall (one step back), as the server's item moves. */
/** @type {Partial<Record<TicketItem['status'], 'Received' | 'In Progress' | 'Ready'>>} */
export const ITEM_BUMP = { Received: 'In Progress', 'In Progress': 'Ready' };
/** @type {Partial<Record<TicketItem['status'], 'Received' | 'In Progress' | 'Ready'>>} */
export const ITEM_RECALL = { Ready: 'In Progress' };

/** Why a dish is cooked again, as the expeditor picks it and the boards show it. */
/** @type {Record<RemakeReason, string>} */
export const REMAKE_REASONS = {
  'sent back': t('remake.sent-back'),
  dropped: t('remake.dropped'),
  wrong: t('remake.wrong'),
  other: t('remake.other'),
};

/** How a removed ingredient's name ends up in a removal: "No onions" → "ONIONS". @param {string} name */
const withoutNo = (name) => name.replace(/^\s*(no|without|hold( the)?)\s+/i, '');

/**
 * A modifier as the cook must read it: a removal and an addition in capitals ("NO ONIONS", "+ BACON":
 * the cook changes the recipe), a plain choice as it is ("Well done").
 * @param {{ name: string, action?: ChosenModifier['action'] }} modifier
 */
export function modifierText(modifier) {
  if (modifier.action === 'remove') return t('item.without', { name: withoutNo(modifier.name) }).toLocaleUpperCase(language);
  if (modifier.action === 'add') return `+ ${modifier.name.replace(/^\s*\+\s*/, '').toLocaleUpperCase(language)}`;
  return modifier.name;
}

/** "Seat 3", or null for an item for the table. @param {{ seat: number | null }} item */
export const seatLabel = (item) => (item.seat === null || item.seat === undefined ? null : t('item.seat', { seat: item.seat }));
/** "S3", the seat on a ticket's line. @param {{ seat: number | null }} item */
export const seatShort = (item) => (item.seat === null || item.seat === undefined ? null : t('item.seat-short', { seat: item.seat }));

/**
 * The marks a ticket carries for what changed after it fired, each loud on every board:
 * `remake` (its reason) for a ticket cooking an item again; `round` for a later round of the order;
 * `added` and `voided` for the item ids its changes name. A change of the order's `dish_ids` names
 * dishes instead: the latest items of such a dish are the added ones (`dishOf` gives an item's dish).
 * @param {Ticket} ticket @param {Map<string, string>} [dishOf] item id → dish id
 */
export function ticketMarks(ticket, dishOf = new Map()) {
  const items = (ticket.items ?? []).map((item) => item.item_id);
  /** @type {Set<string>} */
  const added = new Set();
  /** @type {Set<string>} */
  const voided = new Set();
  for (const change of ticket.changes ?? []) {
    for (const id of change.added) {
      if (items.includes(id)) added.add(id);
      else {
        const latest = items.findLast((item) => dishOf.get(item) === id && !added.has(item));
        if (latest) added.add(latest);
      }
    }
    for (const id of change.voided ?? []) voided.add(id);
  }
  const remake = ticket.remake_of ? remakeReason(ticket) : null;
  return { round: ticket.round ?? 1, remake, added, voided, isNew: !remake && ((ticket.round ?? 1) > 1 || added.size > 0) };
}

/** A remake's reason in the kitchen's words ("Sent back"). @param {Ticket} ticket @returns {string} */
export const remakeReason = (ticket) => (ticket.remake_reason ? REMAKE_REASONS[ticket.remake_reason] : t('remake.remake'));

/**
 * Which of a ticket's items a cook still works on: every one not Voided.
 * @param {TicketItem[]} items
 */
export const liveItems = (items) => items.filter((item) => item.status !== 'Voided');

/**
 * The options of a dish a guest picked, each with its group.
 * @param {Dish} dish @param {Iterable<string>} optionIds
 */
export function chosenOptions(dish, optionIds) {
  const ids = new Set(optionIds);
  return (dish.modifier_groups ?? []).flatMap((group) =>
    group.options.filter((option) => ids.has(option.id)).map((option) => ({ group, option })),
  );
}

/** A unit's price with the options: the dish's plus their `price_delta`. @param {Dish} dish @param {Iterable<string>} optionIds */
export const unitPrice = (dish, optionIds) =>
  chosenOptions(dish, optionIds).reduce((sum, { option }) => sum + option.price_delta, dish.price);

/**
 * The dish's allergens with the options picked: those brought only by a removed ingredient go, an
 * added ingredient's come. `ingredientAllergens` gives each ingredient's own.
 * @param {Dish} dish @param {Iterable<string>} optionIds @param {(id: string) => string[] | undefined} ingredientAllergens
 * @returns {string[]}
 */
export function itemAllergens(dish, optionIds, ingredientAllergens) {
  const chosen = chosenOptions(dish, optionIds).map(({ option }) => option);
  const removed = new Set(chosen.filter((option) => option.action === 'remove').map((option) => option.ingredient_id));
  const kept = dish.ingredients.filter((entry) => !removed.has(entry.ingredient_id)).map((entry) => entry.ingredient_id);
  const added = chosen.filter((option) => option.action === 'add').map((option) => option.ingredient_id ?? '');
  // Without an ingredient's own allergens (not loaded), the dish's stay: never a mark dropped in doubt.
  if (removed.size > 0 && kept.some((id) => ingredientAllergens(id) === undefined)) return [...(dish.allergens ?? [])];
  const left = removed.size > 0 ? kept.flatMap((id) => ingredientAllergens(id) ?? []) : (dish.allergens ?? []);
  return [...new Set([...left, ...added.flatMap((id) => ingredientAllergens(id) ?? [])])].sort();
}

/**
 * What stops a choice: the groups whose count lies outside their `min`–`max`, in the guest's words.
 * @param {ModifierGroup[]} groups @param {ReadonlySet<string>} optionIds @returns {string[]}
 */
export function choiceProblems(groups, optionIds) {
  return groups.flatMap((group) => {
    const count = group.options.filter((option) => optionIds.has(option.id)).length;
    if (count < group.min)
      return [
        group.min === 1 && group.max === 1
          ? t('item.choose', { group: group.name })
          : t('item.choose-at-least', { min: group.min, group: group.name }),
      ];
    if (count > group.max) return [t('item.at-most', { max: group.max, group: group.name })];
    return [];
  });
}
