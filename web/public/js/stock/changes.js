// What a manager or chef changes here, each through the API as it is: a delivery added to the stock
// (PATCH in_stock_delta: atomic beside orders taking stock at the same moment), a stock take that
// replaces the count (PATCH in_stock_qty), a new ingredient (POST) and a deletion (DELETE, refused
// while a dish uses it). Every write carries an Idempotency-Key kept for as long as the same request
// is retried, so a tap sent again after a lost answer adds the delivery once.
import { ApiError, sendChange } from '../lib/api.js';
import { ALLERGENS, ALLERGEN_WORDS } from '../lib/allergens.js';
import { linkIsLive, notify } from '../lib/chrome.js';
import { $, h, isolated } from '../lib/dom.js';
import { boardText } from '../lib/errors.js';
import { quantity } from './rows.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */

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
  const add = /** @type {HTMLDialogElement} */ ($('#add'));
  const addForm = /** @type {HTMLFormElement} */ ($('#add-form'));
  const remove = /** @type {HTMLDialogElement} */ ($('#remove'));
  /** What the open stock dialog changes. */
  let target = { id: '', mode: /** @type {'restock' | 'count'} */ ('restock') };
  let removing = '';
  let busy = false;

  for (const button of document.querySelectorAll('[data-close]'))
    button.addEventListener('click', () => /** @type {HTMLDialogElement} */ (button.closest('dialog')).close());

  // The row may have been drawn again while the dialog was open (an order took stock): the focus
  // goes back to the same button of the row as it is now, not to one no longer on the page.
  change.addEventListener('close', () => {
    const at = document.activeElement;
    if (at === null || at === document.body || change.contains(at)) page.buttonOf(target.id, target.mode)?.focus();
  });

  /** Keeps "In stock now" current while the dialog is open (orders take stock meanwhile). */
  function refresh() {
    if (!change.open) return;
    const ingredient = page.ingredient(target.id);
    $('#change-now').textContent = ingredient ? quantity.format(ingredient.in_stock_qty) : 'deleted';
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
      notify(
        target.mode === 'restock'
          ? `${isolated(saved.name)}: ${quantity.format(value)} added, ${quantity.format(saved.in_stock_qty)} in stock.`
          : `${isolated(saved.name)}: counted ${quantity.format(saved.in_stock_qty)}.`,
      );
    } catch (failure) {
      error.textContent = refusal(failure, ingredient.name);
    } finally {
      busy = false;
    }
  });

  $('#add-allergens').replaceChildren(
    ...ALLERGENS.map((allergen) =>
      h(
        'label',
        { class: 'allergen-pick' },
        h('input', { type: 'checkbox', name: 'allergens', value: allergen }),
        ` ${ALLERGEN_WORDS[allergen]}`,
      ),
    ),
  );
  $('#add-open').addEventListener('click', () => {
    $('#add-error').textContent = '';
    add.showModal();
  });
  addForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(addForm);
    const body = {
      name: String(data.get('name') ?? '').trim(),
      in_stock_qty: Number(data.get('in_stock_qty')),
      price: Number(data.get('price')),
      allergens: data.getAll('allergens').map(String),
    };
    const error = $('#add-error');
    if (body.name === '') return void (error.textContent = 'Give the ingredient a name.');
    // The API takes a second ingredient of the same name; a delivery typed in here by mistake would
    // then split the stock between two rows, and the dishes would still use the first.
    const twin = page.named(body.name);
    if (twin) return void (error.textContent = `${isolated(twin.name)} is already in the list: add a delivery to it with its + Delivery.`);
    if (busy) return;
    if (!linkIsLive()) return void (error.textContent = OFFLINE);
    error.textContent = '';
    busy = true;
    try {
      const created = await sendChange('POST', '/ingredients', body);
      addForm.reset();
      add.close();
      page.saved(created);
      notify(`${isolated(created.name)} added, ${quantity.format(created.in_stock_qty)} in stock.`);
    } catch (failure) {
      error.textContent = refusal(failure, body.name);
    } finally {
      busy = false;
    }
  });

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

  /** @param {'restock' | 'count' | 'delete'} action @param {string} id */
  function start(action, id) {
    if (action === 'delete') openRemove(id);
    else openChange(action, id);
  }

  return { start, refresh };
}
