// What a manager or chef changes here, each through the API as it is: a delivery added to the stock
// (PATCH in_stock_delta: atomic beside orders taking stock at the same moment), a stock take that
// replaces the count (PATCH in_stock_qty), a new ingredient (POST), its name, price and allergens
// edited (PATCH), and a deletion (DELETE, refused while a dish uses it). Every write carries an Idempotency-Key kept for as long as the same request
// is retried, so a tap sent again after a lost answer adds the delivery once.
import { ApiError, sendChange } from '../lib/api.js';
import { ALLERGENS, allergenName } from '../lib/allergens.js';
import { linkIsLive, notify } from '../lib/chrome.js';
import { $, h, isolated } from '../lib/dom.js';
import { boardText } from '../lib/errors.js';
import { t } from '../lib/i18n.js';
import { amount as withUnit } from '../lib/amount.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */
/** @import { Action } from './rows.js' */

/** The frame's rule: with the link down the screen may show the past, so nothing is sent. */
const offline = () => t('pantry.offline');

/**
 * The refusal in words that say what to do next. A write without an answer may have landed: it is
 * sent again with the same key, so it counts once.
 * @param {unknown} error @param {string} name the ingredient's
 */
function refusal(error, name) {
  if (!(error instanceof ApiError)) return t('pantry.resend', { reason: /** @type {Error} */ (error).message });
  if (error.status === 404) return t('pantry.deleted-elsewhere', { name: isolated(name) });
  if (error.status === 403) return t('stock.forbidden');
  if (error.status === 409 && error.retryAfter) return t('pantry.still-saving');
  if (error.status === 400) return t('pantry.not-saved', { reason: error.message });
  return boardText(error);
}

/**
 * @param {{
 *   ingredient: (id: string) => Ingredient | undefined,
 *   usedBy: (id: string) => Dish[],
 *   saved: (ingredient: Ingredient) => void,
 *   deleted: (id: string) => void,
 *   buttonOf: (id: string, action: string) => HTMLElement | null,
 *   named: (name: string) => Ingredient | undefined,
 * }} page
 */
export function createChanges(page) {
  const change = /** @type {HTMLDialogElement} */ ($('#change'));
  const amount = /** @type {HTMLInputElement} */ ($('#change-amount'));
  const dialog = /** @type {HTMLDialogElement} */ ($('#ingredient'));
  const form = /** @type {HTMLFormElement} */ ($('#ingredient-form'));
  const remove = /** @type {HTMLDialogElement} */ ($('#remove'));
  /** What the open stock dialog changes. */
  let target = { id: '', mode: /** @type {'restock' | 'count'} */ ('restock') };
  let removing = '';
  /** The ingredient the ingredient dialog edits, as it was when opened; null for a new one. */
  let editing = /** @type {Ingredient | null} */ (null);
  let busy = false;

  for (const button of document.querySelectorAll('[data-close]'))
    button.addEventListener('click', () => /** @type {HTMLDialogElement} */ (button.closest('dialog')).close());

  // The row may have been drawn again while the dialog was open (an order took stock, or the save's
  // own live event came before its answer): the focus goes back to the same button of the row as it
  // is now, not to one no longer on the page. Called at once after a save too, since the close event
  // comes a task later and the row is drawn again in between.
  /** @param {HTMLDialogElement} closed @param {string} id @param {Action} action */
  function focusBack(closed, id, action) {
    const at = document.activeElement;
    if (at === null || at === document.body || closed.contains(at)) page.buttonOf(id, action)?.focus();
  }
  change.addEventListener('close', () => focusBack(change, target.id, target.mode));
  dialog.addEventListener('close', () => editing && focusBack(dialog, editing.id, 'edit'));

  /** Keeps "In stock now" current while the dialog is open (orders take stock meanwhile). */
  function refresh() {
    if (!change.open) return;
    const ingredient = page.ingredient(target.id);
    $('#change-now').textContent = ingredient ? withUnit(ingredient.in_stock_qty, ingredient.unit) : t('stock.deleted-now');
  }

  /** @param {'restock' | 'count'} mode @param {string} id */
  function openChange(mode, id) {
    const ingredient = page.ingredient(id);
    if (!ingredient) return;
    target = { id, mode };
    const restock = mode === 'restock';
    const name = isolated(ingredient.name);
    $('#change-title').textContent = restock ? t('stock.delivery-title', { name }) : t('stock.count-title', { name });
    $('#change-label').textContent = restock ? t('stock.delivered') : t('stock.counted');
    amount.min = restock ? '0' : '';
    $('#change-help').textContent = restock ? t('stock.delivery-help') : t('stock.count-help');
    $('#change-send').textContent = restock ? t('stock.delivery-send') : t('stock.count-send');
    $('#change-error').textContent = '';
    amount.value = '';
    change.showModal();
    refresh();
    amount.focus();
  }

  $('#change-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const ingredient = page.ingredient(target.id);
    const value = amount.valueAsNumber;
    const error = $('#change-error');
    if (!ingredient) return void (error.textContent = t('stock.gone'));
    if (!Number.isFinite(value) || (target.mode === 'restock' && value <= 0))
      return void (error.textContent = target.mode === 'restock' ? t('stock.needs-delivered') : t('stock.needs-counted'));
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = offline());
    const body = target.mode === 'restock' ? { in_stock_delta: value } : { in_stock_qty: value };
    const path = `/ingredients/${ingredient.id}`;
    error.textContent = '';
    busy = true;
    try {
      const saved = await sendChange('PATCH', path, body);
      change.close();
      page.saved(saved);
      focusBack(change, target.id, target.mode);
      notify(
        target.mode === 'restock'
          ? t('stock.delivered-notice', {
              name: isolated(saved.name),
              amount: withUnit(value, saved.unit),
              stock: withUnit(saved.in_stock_qty, saved.unit),
            })
          : t('stock.counted-notice', { name: isolated(saved.name), stock: withUnit(saved.in_stock_qty, saved.unit) }),
      );
    } catch (failure) {
      error.textContent = refusal(failure, ingredient.name);
    } finally {
      busy = false;
    }
  });

  const picks = ALLERGENS.map((allergen) =>
    h(
      'label',
      { class: 'allergen-pick' },
      h('input', { type: 'checkbox', name: 'allergens', value: allergen }),
      ` ${allergenName(allergen)}`,
    ),
  );
  $('#ingredient-allergens').replaceChildren(...picks);
  const boxes = picks.map((pick) => /** @type {HTMLInputElement} */ (pick.firstChild));
  const stockInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('in_stock_qty'));
  const nameInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('name'));
  const priceInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('price'));
  const unitInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('unit'));

  /**
   * Opens the ingredient dialog: empty for a new one (or as it was left, when it was cancelled), or
   * filled with the ingredient to edit as it is now. Editing leaves the stock to + Delivery and Count:
   * a count typed here would overwrite what orders take meanwhile.
   * @param {string} [id]
   */
  function openIngredient(id) {
    const ingredient = id === undefined ? undefined : page.ingredient(id);
    if (id !== undefined && !ingredient) return;
    if (ingredient || editing) form.reset();
    editing = ingredient ?? null;
    $('#ingredient-stock').hidden = stockInput.disabled = ingredient !== undefined;
    $('#ingredient-title').textContent = ingredient ? t('stock.edit-of', { name: isolated(ingredient.name) }) : t('stock.new-label');
    $('#ingredient-send').textContent = ingredient ? t('stock.save') : t('stock.add');
    const help = $('#ingredient-help');
    help.hidden = $('#ingredient-delete').hidden = !ingredient;
    if (ingredient) {
      nameInput.value = ingredient.name;
      priceInput.value = String(ingredient.price);
      unitInput.value = ingredient.unit ?? '';
      for (const box of boxes) box.checked = /** @type {string[]} */ (ingredient.allergens).includes(box.value);
      help.textContent = t('stock.edit-help', { dishes: dishesFollow(ingredient) });
    }
    $('#ingredient-error').textContent = '';
    dialog.showModal();
    // The name first, typed at once (left to itself the dialog would focus its scrolling fields' box).
    nameInput.focus();
  }

  /** A dish's allergens are its ingredients': say which dishes an allergen ticked here reaches. @param {Ingredient} ingredient */
  function dishesFollow(ingredient) {
    const names = page.usedBy(ingredient.id).map((dish) => isolated(dish.name));
    if (names.length === 0) return t('stock.no-dish');
    const shown =
      names.length > 3 ? t('stock.and-more', { dishes: names.slice(0, 3).join(', '), count: names.length - 3 }) : names.join(', ');
    return t('stock.dishes-take', { count: names.length, dishes: shown });
  }

  /**
   * Only what was changed goes in the PATCH, so a change made meanwhile on another tablet stays.
   * @param {Ingredient} was @param {{ name: string, price: number, unit: string | null, allergens: string[] }} now
   */
  function changedFrom(was, now) {
    /** @type {{ name?: string, price?: number, unit?: string | null, allergens?: string[] }} */
    const body = {};
    if (now.name !== was.name) body.name = now.name;
    if (now.price !== was.price) body.price = now.price;
    if (now.unit !== (was.unit ?? null)) body.unit = now.unit;
    if ([...now.allergens].sort().join() !== [...was.allergens].sort().join()) body.allergens = now.allergens;
    return body;
  }

  $('#add-open').addEventListener('click', () => openIngredient());
  // Deleting is rare and for good: it sits in the edit dialog, not beside + Delivery on every row.
  // Keep it, or Escape, gives the focus back to the row's Edit (the button focused before it opened).
  $('#ingredient-delete').addEventListener('click', () => {
    if (!editing) return;
    const { id } = editing;
    dialog.close();
    openRemove(id);
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const fields = {
      name: String(data.get('name') ?? '').trim(),
      price: Number(data.get('price')),
      unit: String(data.get('unit') ?? '').trim() || null,
      allergens: data.getAll('allergens').map(String),
    };
    const error = $('#ingredient-error');
    const was = editing;
    if (fields.name === '') return void (error.textContent = t('stock.needs-name'));
    // One name, one row: the API takes a second ingredient of the same name, and a delivery typed in
    // as a new ingredient would then split the stock between two rows while the dishes use the first.
    const twin = page.named(fields.name);
    if (twin && twin.id !== was?.id)
      return void (error.textContent = was
        ? t('stock.twin-edit', { name: isolated(twin.name) })
        : t('stock.twin-new', { name: isolated(twin.name) }));
    const body = was ? changedFrom(was, fields) : { ...fields, in_stock_qty: Number(data.get('in_stock_qty')) };
    if (Object.keys(body).length === 0) return void (error.textContent = t('stock.unchanged'));
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = offline());
    const [method, path] = was ? ['PATCH', `/ingredients/${was.id}`] : ['POST', '/ingredients'];
    error.textContent = '';
    busy = true;
    try {
      const saved = await sendChange(method, path, body);
      if (!was) form.reset();
      dialog.close();
      page.saved(saved);
      if (was) focusBack(dialog, was.id, 'edit');
      notify(
        was
          ? savedText(saved, 'allergens' in body)
          : t('stock.added-notice', { name: isolated(saved.name), stock: withUnit(saved.in_stock_qty, saved.unit) }),
      );
    } catch (failure) {
      error.textContent = refusal(failure, was?.name ?? fields.name);
    } finally {
      busy = false;
    }
  });

  /** @param {Ingredient} saved @param {boolean} allergens whether they changed */
  function savedText(saved, allergens) {
    const dishes = page.usedBy(saved.id).length;
    if (!allergens || dishes === 0) return t('pantry.saved', { name: isolated(saved.name) });
    return t('stock.saved-allergens', { name: isolated(saved.name), count: dishes });
  }

  /** @param {string} id */
  function openRemove(id) {
    const ingredient = page.ingredient(id);
    if (!ingredient) return;
    removing = id;
    $('#remove-text').textContent = t('stock.delete-question', { name: isolated(ingredient.name) });
    $('#remove-error').textContent = '';
    remove.showModal();
  }

  $('#remove-send').addEventListener('click', async () => {
    const ingredient = page.ingredient(removing);
    if (!ingredient || busy) return;
    if (!linkIsLive()) return void ($('#remove-error').textContent = offline());
    busy = true;
    try {
      const path = `/ingredients/${ingredient.id}`;
      await sendChange('DELETE', path);
      remove.close();
      page.deleted(ingredient.id);
      notify(t('stock.deleted', { name: isolated(ingredient.name) }));
    } catch (failure) {
      $('#remove-error').textContent = refusedDelete(failure, ingredient);
    } finally {
      busy = false;
    }
  });

  /** The server refuses while a dish uses it: say which, in the dishes' names. @param {unknown} failure @param {Ingredient} ingredient */
  function refusedDelete(failure, ingredient) {
    if (!(failure instanceof ApiError) || failure.status !== 409) return refusal(failure, ingredient.name);
    const dishes = page.usedBy(ingredient.id).map((dish) => isolated(dish.name));
    if (dishes.length === 0) return t('stock.not-deleted', { reason: failure.message });
    return t('stock.delete-used', { name: isolated(ingredient.name), count: dishes.length, dishes: dishes.join(', ') });
  }

  /** @param {Action} action @param {string} id */
  function start(action, id) {
    if (action === 'edit') openIngredient(id);
    else openChange(action, id);
  }

  return { start, refresh };
}
