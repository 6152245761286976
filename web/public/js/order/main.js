// The ordering app (/order): the menu with live availability and a cart, open to anyone; a guest
// orders with a name (guest.js opens the device's account behind the scenes); checkout that never orders twice; and the guest's own orders followed live
// through the kitchen (room menu for everyone, my-orders once signed in).
import { formatList, languagePicker, t, translate } from '../lib/i18n.js';
import { api, ApiError, fetchAll } from '../lib/api.js';
import { notify, showLinkState } from '../lib/chrome.js';
import { dishItem } from '../lib/dish.js';
import { $, h } from '../lib/dom.js';
import { isDishEvent, isOrderEvent } from '../lib/events.js';
import { connectLive } from '../lib/live.js';
import { applyDishEvent, categoryLinks, menuSections } from '../lib/menu-book.js';
import { currentSession, resumeSession } from '../lib/session.js';
import { createSync, isFresher } from '../lib/sync.js';
import { enter, wireAccount } from './account.js';
import { resumeGuest, signInAsGuest } from './guest.js';
import { cart, MOST_DISHES, renderCart } from './cart.js';
import { KITCHEN_FULL, pendingCheckout, sendCheckout, startCheckout } from './checkout.js';
import { allergies, wireAllergies } from './allergies.js';
import { offerWholeDescriptions } from './descriptions.js';
import { matching, searchText, wireSearch } from './search.js';
import { askToCancel, orderItem } from './my-orders.js';
import { kitchenFullText, liveQuote } from './quote.js';
import { keepingFocus, orderBody, say } from './view.js';
import { allergensWith, loadIngredientAllergens, pickOptions } from './options.js';
/** @import { Dish, Order, OrderEvent } from '../../../types/api.js' */

translate();
// In the menu's head, not the top bar: a phone's bar keeps to one line with the link, the name and Sign in.
$('#menu-heading').before(languagePicker());

/** True while a checkout waits for the server's answer: the cart is locked meanwhile. */
let placing = false;
/** Why the server refused the last checkout, shown until the cart changes or the next one. */
let refusal = '';
/** @type {ReturnType<typeof connectLive> | null} */
let live = null;
const form = /** @type {HTMLFormElement} */ ($('#checkout'));

/**
 * An order event as the guest's records take it: from the live link, or the app's own answer (an
 * order placed or cancelled here, which carries no dishes).
 * @typedef {{ type: OrderEvent['type'], data: Order }} GuestOrderEvent
 */
/** @param {Map<string, Order>} orders @param {GuestOrderEvent} event */
function applyOrderEvent(orders, { type, data }) {
  if (type === 'order.deleted') orders.delete(data.id);
  else if (isFresher(orders.get(data.id), data)) orders.set(data.id, data);
}

const laterField = /** @type {HTMLInputElement} */ (form.elements.namedItem('scheduled_at'));
const tableField = /** @type {HTMLInputElement} */ (form.elements.namedItem('table_number'));
/** The pacing the guest chose for a table order; null for takeaway or no choice (the restaurant's default). */
const chosenPacing = () => (tableField.value.trim() === '' ? null : (new FormData(form).get('pacing')?.toString() ?? null));
const quote = liveQuote(
  $('#cart-quote'),
  () => cart.dishIds(),
  () => laterField.value !== '',
  chosenPacing,
);
laterField.addEventListener('change', () => quote.update());
/** How the kitchen serves it is asked for a table order only. */
function showPacing() {
  $('#pacing').hidden = tableField.value.trim() === '';
  quote.update();
}
tableField.addEventListener('input', showPacing);
for (const choice of form.querySelectorAll('input[name=pacing]')) choice.addEventListener('change', () => quote.update());
/** @param {Error} error */
const onError = (error) => notify(t('order.load-failed', { reason: error.message }), 'error');
const menu = createSync({ load: () => /** @type {Promise<Dish[]>} */ (fetchAll('/dishes')), apply: applyDishEvent, render, onError });
/**
 * My orders holds the guest's newest orders, one page of the API: a regular's hundreds stay with the
 * restaurant instead of loading into the phone at every visit.
 */
const MY_ORDERS = 30;
/** How many older orders the guest has beyond those shown, as the last load counted them. */
let olderOrders = 0;
/** @returns {Promise<Order[]>} */
async function loadMyOrders() {
  if (!currentSession()) return [];
  const page = await api('GET', `/orders?${new URLSearchParams({ sort: 'created_at', order: 'desc', limit: String(MY_ORDERS) })}`);
  olderOrders = page.total_results - page.results.length;
  return page.results;
}
const orders = createSync({
  load: loadMyOrders,
  apply: applyOrderEvent,
  render,
  onError,
});

function render() {
  keepingFocus(() => {
    const dishes = menu.records();
    const shown = matching(dishes.values());
    $('#categories').replaceChildren(...categoryLinks(shown));
    $('#menu').replaceChildren(...menuSections(shown, (dish) => dishItem(dish, addButton(dish), allergies)));
    offerWholeDescriptions($('#menu'), () => keepingFocus(render));
    $('#empty').hidden = dishes.size > 0;
    $('#no-match').hidden = dishes.size === 0 || shown.length > 0;
    say($('#no-match'), shown.length > 0 ? '' : t('order.no-match', { search: searchText() }));
    renderCartPanel();
    const held = [...orders.records().values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const mine = held.slice(0, MY_ORDERS);
    $('#orders').replaceChildren(...mine.map((order) => orderItem(order, dishes, cancel)));
    $('#orders-empty').hidden = mine.length > 0;
    const older = held.length - mine.length + olderOrders;
    $('#orders-older').hidden = older <= 0;
    say($('#orders-older'), older > 0 ? t('order.older', { shown: MY_ORDERS, older }) : '');
  });
}

/** @param {Dish} dish */
function addButton(dish) {
  // The whole page is drawn again: a full cart disables every Add, and one less enables them again.
  const added = () => ((refusal = ''), keepingFocus(render));
  const choose = (dish.modifier_groups ?? []).length > 0;
  // A dish with options asks for them first (a required choice before it goes in the cart).
  const add = choose
    ? async () => {
        const line = await pickOptions(dish, allergies);
        if (!line) return;
        cart.add(line);
        added();
      }
    : () => (cart.change(dish.id, 1), added());
  return h(
    'button',
    {
      type: 'button',
      class: 'add',
      disabled: !dish.is_available || placing || cart.full(),
      'aria-label': choose ? t('order.add-choose', { dish: dish.name }) : t('order.add-dish', { dish: dish.name }),
      'aria-haspopup': choose ? 'dialog' : undefined,
      dataset: { focusKey: `add-${dish.id}` },
      on: { click: () => void add() },
    },
    choose ? t('order.add-more') : t('order.add'),
  );
}

/**
 * What stops the order, or the server's last refusal: dishes sold out, then more dishes than one
 * order takes (`over` of them; at 0 the cart is just full).
 * @param {string[]} blocked @param {number} over
 */
function cartProblem(blocked, over) {
  if (blocked.length > 0) return t('order.sold-out-blocked', { dishes: formatList(blocked), count: blocked.length });
  if (over > 0) return t('order.too-many', { most: MOST_DISHES, over });
  if (over === 0) return t('order.full', { most: MOST_DISHES });
  return refusal;
}

function renderCartPanel() {
  /** @param {string} id @param {number} delta */
  const change = (id, delta) => (cart.change(id, delta), (refusal = ''), keepingFocus(render));
  const { items, total, blocked, conflicts } = renderCart(menu.records(), change, placing, allergies, allergensWith);
  $('#cart-lines').replaceChildren(...items);
  $('#cart-empty').hidden = cart.lines.size > 0;
  $('#cart-total').textContent = total;
  // On a phone the cart is below the whole menu: the foot of the menu says what is in it and leads there.
  const count = cart.dishIds().length;
  $('#cart-jump').hidden = count === 0;
  // A dish sold out while in the cart is said there too: the guest may be far up the menu.
  $('#cart-jump').classList.toggle('blocked', blocked.length > 0);
  $('#cart-jump-count').textContent =
    blocked.length > 0 ? t('order.jump-blocked', { count, blocked: blocked.length }) : t('order.jump', { count });
  $('#cart-jump-total').textContent = total;
  const over = count - MOST_DISHES;
  say($('#cart-problem'), cartProblem(blocked, over));
  // A dish that meets the guest's allergies: said before checkout, and placed only once confirmed.
  $('#allergy-warning').hidden = conflicts.length === 0;
  say(
    $('#allergy-warning-text'),
    conflicts.length === 0 ? '' : t('order.allergy-warning', { conflicts: conflicts.join('; '), count: conflicts.length }),
  );
  const confirm = /** @type {HTMLInputElement} */ (form.elements.namedItem('allergy_confirmed'));
  if (conflicts.length === 0) confirm.checked = false;
  /** @type {HTMLButtonElement} */ ($('#place')).disabled =
    placing || cart.lines.size === 0 || blocked.length > 0 || over > 0 || (conflicts.length > 0 && !confirm.checked);
  quote.update();
}

/**
 * A refused order in the guest's words. A full kitchen: the wait, and that nothing was ordered. A
 * dish that meets their allergies (the server knew what the
 * menu here did not yet): the menu is read again, so the dish is marked and "Order it anyway" shows.
 * @param {Error & { status?: number }} error
 */
function refusalText(error) {
  if (error instanceof ApiError && error.status === 409 && error.problem?.title === KITCHEN_FULL)
    return kitchenFullText(error.problem, error.retryAfter);
  if (!(error instanceof ApiError) || error.status !== 409 || !error.message.includes('allergy_confirmed')) return error.message;
  void menu.resync();
  return t('order.allergy-refused');
}

/** @param {{ key: string, body: Record<string, unknown> }} pending */
async function place(pending) {
  placing = true;
  refusal = '';
  render();
  say($('#checkout-status'), t('order.placing'));
  try {
    const order = await sendCheckout(pending, (attempt) => say($('#checkout-status'), t('order.retrying', { attempt: attempt + 1 })));
    cart.clear();
    clearDetails();
    orders.receive({ type: 'order.created', data: order });
    notify(t('order.placed'));
  } catch (error) {
    refusal = refusalText(/** @type {ApiError} */ (error));
  } finally {
    placing = false;
    say($('#checkout-status'), '');
    render();
  }
  // Told where the guest just tapped: the message sits above Place order; bring both on screen.
  if (refusal) $('#cart-problem').scrollIntoView({ block: 'nearest' });
}

/** The next order starts afresh (how it is served asked again); the name and the table stay, as the same guest orders again. */
function clearDetails() {
  for (const name of ['special_requests', 'scheduled_at']) /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value = '';
  for (const choice of form.querySelectorAll('input[name=pacing]')) /** @type {HTMLInputElement} */ (choice).checked = false;
  /** @type {HTMLInputElement} */ (form.elements.namedItem('allergy_confirmed')).checked = false;
}

/** @type {HTMLInputElement | null} */ (form.elements.namedItem('allergy_confirmed'))?.addEventListener('change', () => renderCartPanel());
wireAllergies(() => render());
wireSearch(() => keepingFocus(render));

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (placing || /** @type {HTMLButtonElement} */ ($('#place')).disabled) return;
  if (!currentSession()) {
    void placeAsGuest();
    return;
  }
  void place(startCheckout(orderBody(form, cart.items(), allergies)));
});

/** A guest without an account orders with their name: the device's account is opened (or signed in) first. */
async function placeAsGuest() {
  const data = new FormData(form);
  const name = String(data.get('name') ?? '').trim();
  const nameField = /** @type {HTMLInputElement} */ (form.elements.namedItem('name'));
  if (name === '') {
    say($('#checkout-status'), t('order.name-needed'));
    nameField.focus();
    return;
  }
  placing = true;
  render();
  say($('#checkout-status'), t('order.placing'));
  const failure = await signInAsGuest(name, String(data.get('phone') ?? '').trim());
  placing = false;
  if (!failure) return place(startCheckout(orderBody(form, cart.items(), allergies)));
  refusal = failure;
  say($('#checkout-status'), '');
  render();
}

/** @param {Order} order */
async function cancel(order) {
  if (!(await askToCancel(order))) return;
  try {
    await api('DELETE', `/orders/${order.id}`);
    orders.receive({ type: 'order.deleted', data: order });
    notify(t('order.cancelled'));
  } catch (error) {
    notify(/** @type {Error} */ (error).message, 'error');
  }
}

/** The live link: the menu for everyone, and the guest's own orders once signed in. */
function connect() {
  live?.disconnect();
  showLinkState('connecting');
  live = connectLive({
    rooms: currentSession() ? ['menu', 'my-orders'] : ['menu'],
    onEvent: (event) => {
      if (isOrderEvent(event)) orders.receive(event);
      else if (isDishEvent(event)) menu.receive(event);
    },
    onResync: () => void Promise.all([menu.resync(), orders.resync()]),
    onState: showLinkState,
  });
}

function signedIn() {
  connect();
  say($('#checkout-status'), '');
  // A checkout sent before a reload that never got its answer: ask again, with the same key.
  const pending = pendingCheckout();
  if (pending && !placing) void place(pending);
}

wireAccount(signedIn, () => {
  connect();
  void orders.resync();
});
// What each ingredient brings: a removed onion's allergen leaves the dish's marks in its options.
void loadIngredientAllergens().then(render, onError);
if (currentSession() && (await resumeSession())) enter(signedIn);
else if (!(await resumeGuest())) connect();
showPacing();
render();
