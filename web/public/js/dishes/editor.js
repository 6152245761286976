// What a chef or manager changes here, each through the API as it is: a new dish (POST), a dish
// changed (PATCH with only the fields that changed, so another tablet's change to the others
// stands), a dish deleted (DELETE, refused while an unfinished order holds it). Every write carries
// an Idempotency-Key kept for as long as the same request is retried, so a lost answer sent again
// adds the dish once.
import { ApiError, sendChange } from '../lib/api.js';
import { linkIsLive, notify } from '../lib/chrome.js';
import { $, h, isolated } from '../lib/dom.js';
import { boardText } from '../lib/errors.js';
import { t } from '../lib/i18n.js';
import { choicesOf, dishRules, fieldText } from './rules.js';
import { createModifierEditor } from './modifiers.js';
import { STATIONS, categoryWord, stationWord } from './rows.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */

const CATEGORIES = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'];
/** The picker shows this many matches; typing narrows it. */
const PICK_SHOWN = 30;

/** @param {unknown} error @param {string} name the dish's */
function refusal(error, name) {
  if (!(error instanceof ApiError)) return t('pantry.resend', { reason: /** @type {Error} */ (error).message });
  if (error.status === 404) return t('pantry.deleted-elsewhere', { name: isolated(name) });
  if (error.status === 403) return t('dishes.forbidden');
  if (error.status === 409 && error.retryAfter) return t('pantry.still-saving');
  if (error.status === 400) {
    const errors = /** @type {{ errors?: { path?: string, message?: string }[] }} */ (error.problem).errors;
    return t('pantry.not-saved', { reason: errors?.length ? fieldText(errors, t) : error.message });
  }
  return boardText(error);
}

/**
 * @param {{
 *   dish: (id: string) => Dish | undefined,
 *   ingredients: () => Map<string, Ingredient>,
 *   saved: (dish: Dish) => void,
 *   deleted: (id: string) => void,
 *   buttonOf: (id: string, action: string) => HTMLElement | null,
 * }} page
 */
export function createEditor(page) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#dish'));
  const form = /** @type {HTMLFormElement} */ ($('#dish-form'));
  const remove = /** @type {HTMLDialogElement} */ ($('#remove'));
  const find = /** @type {HTMLInputElement} */ ($('#recipe-find'));
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  /** The dish being changed ('' for a new one) and its recipe as chosen so far. */
  let editing = '';
  /**
   * The dish as the form showed it when opened: a change is what differs from it, so a field another
   * tablet changed meanwhile, and left alone here, is not sent back with the old value.
   * @type {Dish | undefined}
   */
  let opened;
  /** @type {{ ingredient_id: string, is_essential: boolean }[]} */
  let recipe = [];
  let removing = '';
  let maxIngredients = 50;
  /** The ingredients as last drawn in the dialog: other live events (a dish selling out) redraw nothing there. */
  let drawnFor = '';
  let busy = false;
  const modifiers = createModifierEditor($('#modifiers'), { recipe: () => recipe, ingredients: page.ingredients });

  for (const button of document.querySelectorAll('[data-close]'))
    button.addEventListener('click', () => /** @type {HTMLDialogElement} */ (button.closest('dialog')).close());
  dialog.addEventListener('close', () => {
    const at = document.activeElement;
    if (at === null || at === document.body || dialog.contains(at)) (editing ? page.buttonOf(editing, 'edit') : $('#new-dish'))?.focus();
  });

  /** The selects and limits from the server's schema (the page's own words for the values until it is read). */
  function applyRules(/** @type {Record<string, import('./rules.js').FieldRule>} */ rules) {
    /** @param {string} name @param {string[]} known @param {(value: string) => string} words */
    const fill = (name, known, words) => {
      const select = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
      const values = choicesOf(rules[name]);
      const chosen = select.value;
      select.replaceChildren(...(values.length ? values : known).map((value) => h('option', { value }, words(value))));
      if (chosen) select.value = chosen;
    };
    fill('category', CATEGORIES, categoryWord);
    fill('station', STATIONS, stationWord);
    for (const name of ['name', 'description', 'image_name']) {
      const max = rules[name]?.maxLength;
      if (max) field(name).maxLength = max;
    }
    maxIngredients = rules.ingredients?.maxItems ?? maxIngredients;
  }

  /** The chosen ingredients, each with its essential box and a Remove; then the ones to add. */
  function drawRecipe() {
    const all = page.ingredients();
    drawnFor = JSON.stringify([...all.values()].map((each) => [each.id, each.name]));
    $('#recipe-rows').replaceChildren(
      ...recipe.map((entry, index) => {
        const name = all.get(entry.ingredient_id)?.name ?? t('dishes.ingredient-gone');
        return h(
          'li',
          { class: 'recipe-row', dataset: { ingredientId: entry.ingredient_id } },
          h('bdi', { class: 'recipe-name' }, name),
          h(
            'label',
            { class: 'recipe-essential' },
            h('input', {
              type: 'checkbox',
              checked: entry.is_essential,
              'aria-label': t('dishes.essential-of', { name }),
              on: { change: (/** @type {Event} */ event) => (entry.is_essential = /** @type {HTMLInputElement} */ (event.target).checked) },
            }),
            ` ${t('dishes.essential')}`,
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'recipe-remove',
              'aria-label': t('dishes.recipe-remove', { name }),
              on: {
                click: () => {
                  recipe.splice(index, 1);
                  drawRecipe();
                  find.focus();
                },
              },
            },
            t('dishes.remove'),
          ),
        );
      }),
    );
    $('#recipe-none').hidden = recipe.length > 0;
    drawPick();
  }

  function drawPick() {
    const wanted = find.value.trim().toLocaleLowerCase();
    const chosen = new Set(recipe.map((entry) => entry.ingredient_id));
    const matches = [...page.ingredients().values()]
      .filter((each) => !chosen.has(each.id) && each.name.toLocaleLowerCase().includes(wanted))
      .sort((a, b) => a.name.localeCompare(b.name));
    const items = matches.slice(0, PICK_SHOWN).map((ingredient) =>
      h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'recipe-add',
            dataset: { ingredientId: ingredient.id },
            'aria-label': t('dishes.recipe-add-of', { name: ingredient.name }),
            on: {
              click: () => {
                if (recipe.length >= maxIngredients)
                  return void ($('#dish-error').textContent = t('dishes.recipe-most', { count: maxIngredients }));
                recipe.push({ ingredient_id: ingredient.id, is_essential: true });
                find.value = '';
                drawRecipe();
                find.focus();
              },
            },
          },
          '+ ',
          h('bdi', {}, ingredient.name),
        ),
      ),
    );
    if (matches.length > PICK_SHOWN)
      items.push(h('li', { class: 'dishes-help' }, t('dishes.pick-more', { count: matches.length - PICK_SHOWN })));
    else if (matches.length === 0)
      items.push(h('li', { class: 'dishes-help' }, wanted ? t('dishes.pick-none', { filter: find.value.trim() }) : t('dishes.pick-all')));
    $('#recipe-pick').replaceChildren(...items);
  }
  find.addEventListener('input', drawPick);
  // Enter in the finder adds the first match instead of sending the form.
  find.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    /** @type {HTMLButtonElement | null} */ (document.querySelector('#recipe-pick .recipe-add'))?.click();
  });

  applyRules({});
  void dishRules().then(applyRules);

  /** @param {string} id '' for a new dish */
  function open(id) {
    const dish = id ? page.dish(id) : undefined;
    if (id && !dish) return;
    editing = id;
    opened = dish;
    form.reset();
    $('#dish-title').textContent = dish ? t('dishes.change-of', { name: isolated(dish.name) }) : t('dishes.new-title');
    $('#dish-send').textContent = dish ? t('dishes.save') : t('dishes.add');
    $('#dish-error').textContent = '';
    if (dish) {
      for (const name of ['name', 'description', 'category', 'station', 'image_name'])
        field(name).value = String(dish[/** @type {'name'} */ (name)]);
      field('price').value = String(dish.price);
      field('preparation_time').value = String(dish.preparation_time);
    }
    recipe = dish ? dish.ingredients.map((entry) => ({ ...entry })) : [];
    modifiers.load(dish?.modifier_groups ?? []);
    find.value = '';
    drawRecipe();
    dialog.showModal();
    field('name').focus();
  }

  /** The form as a dish body, or the first thing to fix in words. */
  function read() {
    const text = (/** @type {string} */ name) => field(name).value.trim();
    const body = {
      name: text('name'),
      description: text('description'),
      category: text('category'),
      station: text('station'),
      price: field('price').valueAsNumber,
      preparation_time: field('preparation_time').valueAsNumber,
      image_name: text('image_name'),
      ingredients: recipe.map((entry) => ({ ...entry })),
    };
    if (!body.name) return { error: t('dishes.needs-name') };
    if (!body.description) return { error: t('dishes.needs-description') };
    if (!Number.isFinite(body.price) || body.price < 0) return { error: t('dishes.needs-price') };
    if (!Number.isFinite(body.preparation_time) || body.preparation_time <= 0) return { error: t('dishes.needs-minutes') };
    if (!body.image_name) return { error: t('dishes.needs-image') };
    if (body.ingredients.length === 0) return { error: t('dishes.needs-ingredient') };
    const options = modifiers.read();
    if (options.error !== undefined) return { error: options.error };
    // Sent when the dish has options, or had some: a dish without any is written as before.
    if (options.groups.length === 0 && (opened?.modifier_groups ?? []).length === 0) return { body };
    return { body: { ...body, modifier_groups: options.groups } };
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = $('#dish-error');
    const { body, error: wrong } = read();
    if (!body) return void (error.textContent = wrong ?? '');
    const dish = editing ? page.dish(editing) : undefined;
    if (editing && !dish) return void (error.textContent = t('dishes.gone'));
    /** @type {Record<string, unknown>} */
    let change = body;
    if (dish && opened) {
      const before = opened;
      change = Object.fromEntries(
        Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[/** @type {'name'} */ (key)])),
      );
      if (Object.keys(change).length === 0) {
        dialog.close();
        return void notify(t('dishes.unchanged', { name: isolated(dish.name) }));
      }
    }
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = t('pantry.offline'));
    const [method, path] = dish ? ['PATCH', `/dishes/${dish.id}`] : ['POST', '/dishes'];
    error.textContent = '';
    busy = true;
    try {
      /** @type {Dish} */
      const saved = await sendChange(method, path, change);
      page.saved(saved);
      dialog.close();
      notify(dish ? t('pantry.saved', { name: isolated(saved.name) }) : t('dishes.added', { name: isolated(saved.name) }));
    } catch (failure) {
      error.textContent = refusal(failure, body.name);
    } finally {
      busy = false;
    }
  });

  /** @param {string} id */
  function openRemove(id) {
    const dish = page.dish(id);
    if (!dish) return;
    removing = id;
    $('#remove-text').textContent = t('dishes.delete-question', { name: isolated(dish.name) });
    $('#remove-error').textContent = '';
    remove.showModal();
  }
  remove.addEventListener('close', () => {
    const at = document.activeElement;
    if (at === null || at === document.body || remove.contains(at)) page.buttonOf(removing, 'delete')?.focus();
  });

  $('#remove-send').addEventListener('click', async () => {
    const dish = page.dish(removing);
    const error = $('#remove-error');
    if (!dish) return void remove.close();
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = t('pantry.offline'));
    busy = true;
    try {
      const path = `/dishes/${dish.id}`;
      await sendChange('DELETE', path);
      remove.close();
      page.deleted(dish.id);
      notify(t('dishes.deleted', { name: isolated(dish.name) }));
    } catch (failure) {
      error.textContent =
        failure instanceof ApiError && failure.status === 409
          ? t('dishes.delete-busy', { name: isolated(dish.name), reason: failure.message })
          : refusal(failure, dish.name);
    } finally {
      busy = false;
    }
  });

  /**
   * Keeps the recipe and the picker current while the dialog is open: an ingredient added, renamed,
   * or deleted on another screen (then taken out of the recipe, and said, rather than sent and refused).
   */
  function refresh() {
    if (!dialog.open) return;
    const all = page.ingredients();
    const names = JSON.stringify([...all.values()].map((each) => [each.id, each.name]));
    if (names === drawnFor) return;
    const kept = recipe.filter((entry) => all.has(entry.ingredient_id));
    if (kept.length < recipe.length) $('#dish-error').textContent = t('dishes.recipe-gone');
    recipe = kept;
    drawRecipe();
  }

  /** @param {'edit' | 'delete' | 'new'} action @param {string} [id] */
  function start(action, id = '') {
    if (action === 'delete') openRemove(id);
    else open(action === 'new' ? '' : id);
  }

  return { start, refresh, isOpen: () => dialog.open || remove.open };
}
