// What a chef or manager changes here, each through the API as it is: a new dish (POST), a dish
// changed (PATCH with only the fields that changed, so another tablet's change to the others
// stands), a dish deleted (DELETE, refused while an unfinished order holds it). Every write carries
// an Idempotency-Key kept for as long as the same request is retried, so a lost answer sent again
// adds the dish once.
import { ApiError, sendChange } from '../lib/api.js';
import { linkIsLive, notify } from '../lib/chrome.js';
import { $, h, isolated } from '../lib/dom.js';
import { boardText } from '../lib/errors.js';
import { choicesOf, dishRules, fieldText } from './rules.js';
import { createModifierEditor } from './modifiers.js';
import { STATION_WORDS } from './rows.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */

const OFFLINE = 'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi, then tap again.';
const CATEGORY_WORDS = /** @type {Record<string, string>} */ ({
  Appetizer: 'Appetizer',
  'Main Course': 'Main course',
  Dessert: 'Dessert',
  Drinks: 'Drinks',
});
/** The picker shows this many matches; typing narrows it. */
const PICK_SHOWN = 30;

/** @param {unknown} error @param {string} name the dish's */
function refusal(error, name) {
  if (!(error instanceof ApiError)) return `${/** @type {Error} */ (error).message} Tap again to send it: it still counts once.`;
  if (error.status === 404) return `${isolated(name)} was deleted on another screen.`;
  if (error.status === 403) return 'Your account may not change the menu: a manager or a chef may.';
  if (error.status === 409 && error.retryAfter) return 'Your last tap is still being saved: wait a moment, then tap again.';
  if (error.status === 400) {
    const errors = /** @type {{ errors?: { path?: string, message?: string }[] }} */ (error.problem).errors;
    return `Not saved: ${errors?.length ? fieldText(errors) : error.message}`;
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
    const fill = (/** @type {string} */ name, /** @type {Record<string, string>} */ words) => {
      const select = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
      const values = choicesOf(rules[name]);
      const chosen = select.value;
      select.replaceChildren(
        ...(values.length ? values : Object.keys(words)).map((value) => h('option', { value }, words[value] ?? value)),
      );
      if (chosen) select.value = chosen;
    };
    fill('category', CATEGORY_WORDS);
    fill('station', STATION_WORDS);
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
        const name = all.get(entry.ingredient_id)?.name ?? 'an ingredient since deleted';
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
              'aria-label': `${name} is essential`,
              on: { change: (/** @type {Event} */ event) => (entry.is_essential = /** @type {HTMLInputElement} */ (event.target).checked) },
            }),
            ' Essential',
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'recipe-remove',
              'aria-label': `Take ${name} out`,
              on: {
                click: () => {
                  recipe.splice(index, 1);
                  drawRecipe();
                  find.focus();
                },
              },
            },
            'Remove',
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
            'aria-label': `Add ${ingredient.name}`,
            on: {
              click: () => {
                if (recipe.length >= maxIngredients)
                  return void ($('#dish-error').textContent = `A dish takes at most ${maxIngredients} ingredients.`);
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
    if (matches.length > PICK_SHOWN) items.push(h('li', { class: 'dishes-help' }, `${matches.length - PICK_SHOWN} more: type to narrow.`));
    else if (matches.length === 0)
      items.push(
        h(
          'li',
          { class: 'dishes-help' },
          wanted ? `No other ingredient matches “${find.value.trim()}”.` : 'Every ingredient is in the dish.',
        ),
      );
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
    $('#dish-title').textContent = dish ? `Change ${isolated(dish.name)}` : 'New dish';
    $('#dish-send').textContent = dish ? 'Save' : 'Add to the menu';
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
    if (!body.name) return { error: 'Give the dish a name.' };
    if (!body.description) return { error: 'Give the dish a description: guests read it on the menu.' };
    if (!Number.isFinite(body.price) || body.price < 0) return { error: 'Enter the price: a number, 0 or more.' };
    if (!Number.isFinite(body.preparation_time) || body.preparation_time <= 0)
      return { error: 'Enter the minutes to prepare it: a number above 0.' };
    if (!body.image_name) return { error: 'Give the image name (the photo’s file name).' };
    if (body.ingredients.length === 0) return { error: 'Add at least one ingredient to the recipe.' };
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
    if (editing && !dish) return void (error.textContent = 'This dish was deleted on another screen.');
    /** @type {Record<string, unknown>} */
    let change = body;
    if (dish && opened) {
      const before = opened;
      change = Object.fromEntries(
        Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[/** @type {'name'} */ (key)])),
      );
      if (Object.keys(change).length === 0) {
        dialog.close();
        return void notify(`${isolated(dish.name)}: nothing changed.`);
      }
    }
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = OFFLINE);
    const [method, path] = dish ? ['PATCH', `/dishes/${dish.id}`] : ['POST', '/dishes'];
    error.textContent = '';
    busy = true;
    try {
      /** @type {Dish} */
      const saved = await sendChange(method, path, change);
      page.saved(saved);
      dialog.close();
      notify(dish ? `${isolated(saved.name)} saved.` : `${isolated(saved.name)} is on the menu.`);
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
    $('#remove-text').textContent = `Delete ${isolated(dish.name)}? It leaves the menu for good; orders already served keep it.`;
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
    if (!linkIsLive()) return void (error.textContent = OFFLINE);
    busy = true;
    try {
      const path = `/dishes/${dish.id}`;
      await sendChange('DELETE', path);
      remove.close();
      page.deleted(dish.id);
      notify(`${isolated(dish.name)} deleted from the menu.`);
    } catch (failure) {
      error.textContent =
        failure instanceof ApiError && failure.status === 409
          ? `Not deleted: ${isolated(dish.name)} is in orders the kitchen has not finished. Delete it once they are served. The server says: ${failure.message}`
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
    if (kept.length < recipe.length)
      $('#dish-error').textContent = 'An ingredient of the recipe was deleted on another screen: it is taken out.';
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
