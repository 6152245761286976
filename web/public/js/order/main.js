// The ordering app (/order): the menu with live availability and a cart, open to anyone; an account
// asked for at checkout; checkout that never orders twice; and the guest's own orders followed live
// through the kitchen (room menu for everyone, my-orders once signed in).
import { api, fetchAll } from '../lib/api.js';
import { notify, showLinkState } from '../lib/chrome.js';
import { dishItem } from '../lib/dish.js';
import { $, h } from '../lib/dom.js';
import { connectLive } from '../lib/live.js';
import { applyDishEvent, menuSections } from '../lib/menu-book.js';
import { currentSession, resumeSession } from '../lib/session.js';
import { createSync, isFresher } from '../lib/sync.js';
import { askForAccount, enter, wireAccount } from './account.js';
import { cart, renderCart } from './cart.js';
import { pendingCheckout, sendCheckout, startCheckout } from './checkout.js';
import { orderItem } from './my-orders.js';
import { keepingFocus, orderBody, say } from './view.js';

/** True while a checkout waits for the server's answer: the cart is locked meanwhile. */
let placing = false;
/** True when Place order was pressed signed out: the order goes as soon as the guest is in. */
let placeOnceIn = false;
/** @type {ReturnType<typeof connectLive> | null} */
let live = null;
const form = /** @type {HTMLFormElement} */ ($('#checkout'));

/** @param {Map<string, any>} orders @param {string} type @param {any} data */
function applyOrderEvent(orders, type, data) {
  if (type === 'order.deleted') orders.delete(data.id);
  else if (isFresher(orders.get(data.id), data)) orders.set(data.id, data);
}

const onError = (error) => notify(`Could not load: ${error.message}`, 'error');
const menu = createSync({ load: () => fetchAll('/dishes'), apply: applyDishEvent, render, onError });
const orders = createSync({
  load: () => (currentSession() ? fetchAll('/orders', { sort: 'created_at', order: 'desc' }) : Promise.resolve([])),
  apply: applyOrderEvent,
  render,
  onError,
});

function render() {
  keepingFocus(() => {
    const dishes = menu.records();
    $('#menu').replaceChildren(...menuSections(dishes.values(), (dish) => dishItem(dish, addButton(dish))));
    $('#empty').hidden = dishes.size > 0;
    renderCartPanel();
    const mine = [...orders.records().values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
    $('#orders').replaceChildren(...mine.map((order) => orderItem(order, dishes, cancel)));
    $('#orders-empty').hidden = mine.length > 0;
  });
}

function addButton(dish) {
  const add = () => (cart.change(dish.id, 1), keepingFocus(renderCartPanel));
  return h('button', { type: 'button', class: 'add', disabled: !dish.is_available || placing, 'aria-label': `Add ${dish.name}`, dataset: { focusKey: `add-${dish.id}` }, on: { click: add } }, 'Add');
}

function renderCartPanel() {
  const change = (id, delta) => (cart.change(id, delta), keepingFocus(renderCartPanel));
  const { items, total, blocked } = renderCart(menu.records(), change, placing);
  $('#cart-lines').replaceChildren(...items);
  $('#cart-empty').hidden = cart.lines.size > 0;
  $('#cart-total').textContent = total;
  say($('#cart-problem'), blocked.length === 0 ? '' : `Sold out: ${blocked.join(', ')}. Take ${blocked.length === 1 ? 'it' : 'them'} out of your order to place it.`);
  /** @type {HTMLButtonElement} */ ($('#place')).disabled = placing || cart.lines.size === 0 || blocked.length > 0;
}

/** @param {{ key: string, body: Record<string, unknown> }} pending */
async function place(pending) {
  placing = true;
  render();
  say($('#checkout-status'), 'Placing your order…');
  try {
    const order = await sendCheckout(pending, (attempt) => say($('#checkout-status'), `No answer yet: sending the same order again (try ${attempt + 1}). It will be placed once.`));
    cart.clear();
    clearDetails();
    orders.receive('order.created', order);
    notify('Order placed. Follow it under My orders.');
  } catch (error) {
    say($('#cart-problem'), /** @type {Error} */ (error).message);
  } finally {
    placing = false;
    say($('#checkout-status'), '');
    render();
  }
}

/** The next order starts afresh; the name and the table stay, as the same guest orders again. */
function clearDetails() {
  for (const name of ['special_requests', 'scheduled_at']) /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value = '';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (placing || /** @type {HTMLButtonElement} */ ($('#place')).disabled) return;
  if (!currentSession()) {
    placeOnceIn = true;
    say($('#checkout-status'), 'Sign in or create an account below: your order is placed as soon as you are in.');
    askForAccount('signup');
    return;
  }
  void place(startCheckout(orderBody(form, cart.dishIds())));
});

async function cancel(order) {
  try {
    await api('DELETE', `/orders/${order.id}`);
    orders.receive('order.deleted', order);
    notify('Order cancelled.');
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
    onEvent: (type, data) => {
      if (type.startsWith('order.')) orders.receive(type, data);
      else if (type.startsWith('dish.')) menu.receive(type, data);
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
  else if (placeOnceIn) {
    placeOnceIn = false;
    form.requestSubmit();
  }
}

wireAccount(signedIn, () => {
  placeOnceIn = false;
  connect();
  void orders.resync();
});
if (currentSession() && (await resumeSession())) enter(signedIn);
else connect();
render();
