// A dish's options in the dish dialog: groups of choices a guest makes (a required one such as
// doneness has "at least 1"), each option with what it adds to the price and the minutes, and the
// ingredient it takes out of the recipe or adds. Ids of groups and options already on the menu are
// kept, so orders holding them still name them; new ones get theirs from the server.
import { t } from '../lib/i18n.js';
import { h } from '../lib/dom.js';
/** @import { Ingredient, ModifierGroup } from '../../../types/api.js' */

const MOST_GROUPS = 10;
const MOST_OPTIONS = 30;

/** @param {string} value */
const numberOf = (value) => (value.trim() === '' ? 0 : Number(value));

/**
 * @param {HTMLElement} container where the groups are drawn
 * @param {{ recipe: () => { ingredient_id: string }[], ingredients: () => Map<string, Ingredient> }} dish
 */
export function createModifierEditor(container, dish) {
  const groupList = h('div', { class: 'modifier-groups' });
  const none = h('p', { class: 'dishes-help modifiers-none' }, t('dishes.options-none'));
  const addGroup = /** @type {HTMLButtonElement} */ (
    h(
      'button',
      { type: 'button', class: 'modifier-add-group', on: { click: () => (groupList.append(groupRow()), drawn()) } },
      t('dishes.group-add'),
    )
  );
  container.replaceChildren(
    h('legend', {}, t('dishes.options')),
    h('p', { class: 'dishes-help' }, t('dishes.options-help')),
    groupList,
    none,
    addGroup,
  );

  function drawn() {
    const groups = groupList.children.length;
    none.hidden = groups > 0;
    addGroup.disabled = groups >= MOST_GROUPS;
    for (const row of groupList.querySelectorAll('.modifier-group')) {
      const more = /** @type {HTMLButtonElement} */ (row.querySelector('.modifier-add-option'));
      more.disabled = row.querySelectorAll('.modifier-option').length >= MOST_OPTIONS;
    }
  }

  /** The ingredient choice of an option: none, one of the recipe's taken out, or any added. @param {string} chosen 'remove:<id>' | 'add:<id>' | '' */
  function ingredientSelect(chosen) {
    const all = dish.ingredients();
    const name = (/** @type {string} */ id) => all.get(id)?.name ?? id;
    const inRecipe = dish.recipe().map((entry) => entry.ingredient_id);
    const others = [...all.values()].sort((a, b) => a.name.localeCompare(b.name));
    const select = /** @type {HTMLSelectElement} */ (
      h(
        'select',
        { name: 'option-ingredient' },
        h('option', { value: '' }, t('dishes.option-plain')),
        h(
          'optgroup',
          { label: t('dishes.option-removes') },
          ...inRecipe.map((id) => h('option', { value: `remove:${id}` }, t('dishes.option-without', { ingredient: name(id) }))),
        ),
        h(
          'optgroup',
          { label: t('dishes.option-adds') },
          ...others.map((each) => h('option', { value: `add:${each.id}` }, t('dishes.option-with', { ingredient: each.name }))),
        ),
      )
    );
    select.value = chosen;
    // An ingredient since deleted, or taken out of the recipe: kept as it is rather than another picked
    // (the server names it if it no longer fits).
    if (chosen && select.value !== chosen) {
      select.append(h('option', { value: chosen }, name(chosen.split(':')[1] ?? '')));
      select.value = chosen;
    }
    return select;
  }

  /** @param {Partial<ModifierGroup['options'][number]>} [option] */
  function optionRow(option = {}) {
    const chosen = option.action && option.ingredient_id ? `${option.action}:${option.ingredient_id}` : '';
    const row = h(
      'li',
      { class: 'modifier-option', dataset: { optionId: option.id ?? '' } },
      h(
        'label',
        { class: 'modifier-option-name' },
        t('dishes.option-name'),
        h('input', { name: 'option-name', value: option.name ?? '', maxLength: 60, autocomplete: 'off' }),
      ),
      h(
        'label',
        { class: 'modifier-option-price' },
        t('dishes.option-price'),
        h('input', { name: 'option-price', type: 'number', step: '0.01', inputMode: 'decimal', value: String(option.price_delta ?? 0) }),
      ),
      h(
        'label',
        { class: 'modifier-option-minutes' },
        t('dishes.option-minutes'),
        h('input', { name: 'option-minutes', type: 'number', step: 'any', inputMode: 'decimal', value: String(option.minutes_delta ?? 0) }),
      ),
      h('label', { class: 'modifier-option-ingredient' }, t('dishes.option-ingredient'), ingredientSelect(chosen)),
      h(
        'button',
        {
          type: 'button',
          class: 'modifier-remove',
          'aria-label': t('dishes.option-remove', { option: option.name ?? '' }),
          on: { click: () => (row.remove(), drawn()) },
        },
        t('dishes.remove'),
      ),
    );
    return row;
  }

  /** @param {Partial<ModifierGroup>} [group] */
  function groupRow(group = {}) {
    const options = h('ul', { class: 'modifier-options' }, ...(group.options ?? [{}]).map((option) => optionRow(option)));
    const row = h(
      'fieldset',
      { class: 'modifier-group', dataset: { groupId: group.id ?? '' } },
      h(
        'div',
        { class: 'modifier-group-head' },
        h(
          'label',
          { class: 'modifier-group-name' },
          t('dishes.group-name'),
          h('input', { name: 'group-name', value: group.name ?? '', maxLength: 60, autocomplete: 'off' }),
        ),
        h(
          'label',
          {},
          t('dishes.group-min'),
          h('input', { name: 'group-min', type: 'number', min: '0', max: '10', step: '1', value: String(group.min ?? 0) }),
        ),
        h(
          'label',
          {},
          t('dishes.group-max'),
          h('input', { name: 'group-max', type: 'number', min: '1', max: '20', step: '1', value: String(group.max ?? 1) }),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'modifier-remove',
            'aria-label': t('dishes.group-remove', { group: group.name ?? '' }),
            on: { click: () => (row.remove(), drawn()) },
          },
          t('dishes.remove'),
        ),
      ),
      options,
      h(
        'button',
        { type: 'button', class: 'modifier-add-option', on: { click: () => (options.append(optionRow()), drawn()) } },
        t('dishes.option-add'),
      ),
    );
    return row;
  }

  /** Shows the dish's groups (none for a new dish). @param {ModifierGroup[]} groups */
  function load(groups) {
    groupList.replaceChildren(...groups.map((group) => groupRow(group)));
    drawn();
  }

  /**
   * The groups as the API takes them (ids kept where they were), or the first thing to fix in words.
   * @returns {{ groups: Record<string, unknown>[], error?: undefined } | { error: string, groups?: undefined }}
   */
  function read() {
    const value = (/** @type {Element} */ within, /** @type {string} */ name) =>
      /** @type {HTMLInputElement} */ (within.querySelector(`[name="${name}"]`)).value;
    /** @type {Record<string, unknown>[]} */
    const groups = [];
    for (const row of groupList.querySelectorAll('.modifier-group')) {
      const name = value(row, 'group-name').trim();
      if (!name) return { error: t('dishes.group-needs-name') };
      const [min, max] = [numberOf(value(row, 'group-min')), numberOf(value(row, 'group-max'))];
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < 1 || max < min || min > 10 || max > 20)
        return { error: t('dishes.group-range', { group: name }) };
      /** @type {Record<string, unknown>[]} */
      const options = [];
      for (const line of row.querySelectorAll('.modifier-option')) {
        const option = value(line, 'option-name').trim();
        if (!option) return { error: t('dishes.option-needs-name', { group: name }) };
        const [price, minutes] = [numberOf(value(line, 'option-price')), numberOf(value(line, 'option-minutes'))];
        if (!Number.isFinite(price) || !Number.isFinite(minutes)) return { error: t('dishes.option-numbers', { option }) };
        const [action, ingredient] = value(line, 'option-ingredient').split(':');
        const id = /** @type {HTMLElement} */ (line).dataset.optionId;
        options.push({
          ...(id ? { id } : {}),
          name: option,
          price_delta: price,
          minutes_delta: minutes,
          ...(action && ingredient ? { ingredient_id: ingredient, action: /** @type {'add' | 'remove'} */ (action) } : {}),
        });
      }
      if (options.length === 0) return { error: t('dishes.group-needs-option', { group: name }) };
      const id = /** @type {HTMLElement} */ (row).dataset.groupId;
      groups.push({ ...(id ? { id } : {}), name, min, max, options });
    }
    return { groups };
  }

  return { load, read };
}
