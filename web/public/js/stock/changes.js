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
import { amount as withUnit } from '../lib/amount.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */
/** @import { Action } from './rows.js' */

/** The frame's rule: with the link down the screen may show the past, so nothing is sent. */
const OFFLINE = 'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi, then tap again.';

/**
 * The refusal in words that say what to do next. A write without an answer may have landed: it is
 * sent again with the same key, so it counts once.
 * @param {unknown} error @param {string} name the ingredient's
 */
function refusal(error, name) {
  if (!(error instanceof ApiError)) return `${/** @type {Error} */ (error).message} Tap again to send it: it still counts once.`;
  if (error.status === 404) return `${isolated(name)} was deleted on another screen.`;
  if (error.status === 403) return 'Your account may not change the stock: a manager or a chef may.';
  if (error.status === 409 && error.retryAfter) return 'Your last tap is still being saved: wait a moment, then tap again.';
  if (error.status === 400) return `Not saved: ${error.message}`;
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
    $('#change-now').textContent = ingredient ? withUnit(ingredient.in_stock_qty, ingredient.unit) : 'deleted';
  }

  /** @param {'restock' | 'count'} mode @param {string} id */
  function openChange(mode, id) {
    const ingredient = page.ingredient(id);
    if (!ingredient) return;
    target = { id, mode };
    const restock = mode === 'restock';
    $('#change-title').textContent = `${restock ? 'Delivery' : 'Stock take'}: ${isolated(ingredient.name)}`;
    $('#change-label').textContent = restock ? 'Amount delivered' : 'Counted now';
    amount.min = restock ? '0' : '';
    $('#change-help').textContent = restock
      ? 'Added to the stock as it is when it arrives, however many orders take from it meanwhile.'
      : 'Replaces the count: the stock becomes exactly this number, whatever orders took before.';
    $('#change-send').textContent = restock ? 'Add to stock' : 'Replace the count';
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
    if (!ingredient) return void (error.textContent = 'This ingredient was deleted on another screen.');
    if (!Number.isFinite(value) || (target.mode === 'restock' && value <= 0))
      return void (error.textContent =
        target.mode === 'restock' ? 'Enter the amount delivered: a number above 0.' : 'Enter the amount counted.');
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = OFFLINE);
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
          ? `${isolated(saved.name)}: ${withUnit(value, saved.unit)} added, ${withUnit(saved.in_stock_qty, saved.unit)} in stock.`
          : `${isolated(saved.name)}: counted ${withUnit(saved.in_stock_qty, saved.unit)}.`,
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
    $('#ingredient-title').textContent = ingredient ? `Edit ${isolated(ingredient.name)}` : 'New ingredient';
    $('#ingredient-send').textContent = ingredient ? 'Save' : 'Add';
    const help = $('#ingredient-help');
    help.hidden = $('#ingredient-delete').hidden = !ingredient;
    if (ingredient) {
      nameInput.value = ingredient.name;
      priceInput.value = String(ingredient.price);
      unitInput.value = ingredient.unit ?? '';
      for (const box of boxes) box.checked = /** @type {string[]} */ (ingredient.allergens).includes(box.value);
      help.textContent = `${dishesFollow(ingredient)} The stock changes with + Delivery and Count.`;
    }
    $('#ingredient-error').textContent = '';
    dialog.showModal();
    if (ingredient) nameInput.focus();
  }

  /** A dish's allergens are its ingredients': say which dishes an allergen ticked here reaches. @param {Ingredient} ingredient */
  function dishesFollow(ingredient) {
    const names = page.usedBy(ingredient.id).map((dish) => isolated(dish.name));
    if (names.length === 0) return 'No dish uses it yet.';
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return `${names.length === 1 ? 'Its dish takes' : `Its ${names.length} dishes take`} these allergens when you save: ${shown}.`;
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
    if (fields.name === '') return void (error.textContent = 'Give the ingredient a name.');
    // One name, one row: the API takes a second ingredient of the same name, and a delivery typed in
    // as a new ingredient would then split the stock between two rows while the dishes use the first.
    const twin = page.named(fields.name);
    if (twin && twin.id !== was?.id)
      return void (error.textContent = was
        ? `${isolated(twin.name)} is already in the list: give this one another name.`
        : `${isolated(twin.name)} is already in the list: add a delivery to it with its + Delivery.`);
    const body = was ? changedFrom(was, fields) : { ...fields, in_stock_qty: Number(data.get('in_stock_qty')) };
    if (Object.keys(body).length === 0)
      return void (error.textContent = 'Nothing changed: change the name, the price, the unit or the allergens, or tap Cancel.');
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = OFFLINE);
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
          : `${isolated(saved.name)} added, ${withUnit(saved.in_stock_qty, saved.unit)} in stock.`,
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
    if (!allergens || dishes === 0) return `${isolated(saved.name)} saved.`;
    return `${isolated(saved.name)} saved: ${dishes === 1 ? 'its dish has' : `its ${dishes} dishes have`} its allergens now.`;
  }

  /** @param {string} id */
  function openRemove(id) {
    const ingredient = page.ingredient(id);
    if (!ingredient) return;
    removing = id;
    $('#remove-text').textContent = `Delete ${isolated(ingredient.name)}? It leaves the stock list for good.`;
    $('#remove-error').textContent = '';
    remove.showModal();
  }

  $('#remove-send').addEventListener('click', async () => {
    const ingredient = page.ingredient(removing);
    if (!ingredient || busy) return;
    if (!linkIsLive()) return void ($('#remove-error').textContent = OFFLINE);
    busy = true;
    try {
      const path = `/ingredients/${ingredient.id}`;
      await sendChange('DELETE', path);
      remove.close();
      page.deleted(ingredient.id);
      notify(`${isolated(ingredient.name)} deleted.`);
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
    if (dishes.length === 0) return `Not deleted: ${failure.message}`;
    const which = dishes.length === 1 ? `the dish ${dishes[0]}` : `${dishes.length} dishes: ${dishes.join(', ')}`;
    return `Not deleted: ${isolated(ingredient.name)} is still in ${which}. Take it out of ${dishes.length === 1 ? 'that dish' : 'them'} first.`;
  }

  /** @param {Action} action @param {string} id */
  function start(action, id) {
    if (action === 'edit') openIngredient(id);
    else openChange(action, id);
  }

  return { start, refresh };
}
