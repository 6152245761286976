// What the kitchen boards share: the order book kept in sync (with a chime for new orders), the
// sign-in, the live link to one room, and order changes sent through the API.
import { api, ApiError, NotSentError } from './api.js';
import { boardText } from './errors.js';
import { followRestaurantLanguage, t } from './i18n.js';
import { isDishEvent, isOrderEvent } from './events.js';
import { beep, unlockAudioOnGesture } from './beep.js';
import { linkIsLive, notify, showLinkState, startHeaderClock, wireMuteButton } from './chrome.js';
import { mountFrame } from './frame.js';
import { connectLive } from './live.js';
import { guardWithLogin, resumeInto } from './login.js';
import { resumeSession, sessionEvents } from './session.js';
import { createSync } from './sync.js';
/** @import { LiveEvent } from '../../../types/api.js' */

/**
 * @template {{ name: string, dishes: unknown }} T the orders the board holds
 * @param {{
 *   rooms: string[],
 *   book: { load: () => Promise<T[]>, apply: (records: Map<string, T>, event: LiveEvent) => boolean },
 *   render: () => void,
 *   what: string,
 *   side?: { reload: () => void, receive: (event: LiveEvent) => void },
 *   signInTitle: string,
 * }} options `what` names the records in error notices ("tickets", "orders"); `side` follows what
 *   else the board shows (all-day counts, stock-outs): reloaded with the records, fed every event
 */
export function staffBoard({ rooms, book, render, what, side, signInTitle }) {
  /** @type {ReturnType<typeof connectLive> | null} */
  let socket = null;
  const sync = createSync({
    load: book.load,
    apply: book.apply,
    render: (_reason, appeared) => {
      if (appeared === true) beep();
      render();
    },
    onError: (error) => notify(t('board.load-failed', { what, reason: boardText(error) }), 'error'),
  });

  const resync = () => {
    void sync.resync();
    side?.reload();
  };
  /** @param {LiveEvent} event */
  const receive = (event) => {
    // The restaurant changed its language: a board that follows it shows the new one.
    if (event.type === 'settings.updated') followRestaurantLanguage(event.data.language);
    side?.receive(event);
    // Only orders and dishes are records; stock and count events concern only the side parts, and
    // re-render nothing else.
    if (isOrderEvent(event) || isDishEvent(event)) sync.receive(event);
  };

  /** Shows what the REST lists hold at once, then follows the live link (which resyncs on connect). */
  function start() {
    resync();
    if (socket) socket.connect();
    else socket = connectLive({ rooms, onEvent: receive, onResync: resync, onState: showLinkState });
  }

  /** Wires the top bar and the sign-in, and starts at once when this tab is still signed in. */
  async function open() {
    mountFrame({ signInTitle, shown: what });
    wireMuteButton();
    unlockAudioOnGesture();
    startHeaderClock();
    sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
    guardWithLogin(start);
    if (await resumeSession()) resumeInto(start);
  }

  /**
   * Changes an order through the API (the order itself, or `path` such as one of its tickets); the
   * answer is shown at once and the event confirms it.
   * @param {string} id @param {Record<string, unknown>} change @param {string} [path] @returns {Promise<boolean>}
   */
  async function changeOrder(id, change, path = `/orders/${id}`) {
    const order = sync.records().get(id);
    if (!order) return false;
    const again = { label: t('board.send-again'), run: () => void changeOrder(id, change, path) };
    // With the link down the board may be showing the past: send nothing, and say so.
    if (!linkIsLive()) {
      notify(t('board.not-sent', { name: order.name }), 'error', again);
      return false;
    }
    try {
      const changed = await api('PATCH', path, change, {}, { tap: true });
      sync.receive({ type: 'order.updated', data: { ...changed, dishes: order.dishes } });
      return true;
    } catch (error) {
      const message = boardText(/** @type {Error} */ (error));
      const unsent = error instanceof NotSentError || (error instanceof ApiError && error.status === 412);
      if (unsent) notify(t('board.order-said', { name: order.name, message }), 'error', again);
      else notify(t('board.order-said', { name: order.name, message }), 'error');
      // Someone else moved it, or it left the kitchen: show it as it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) resync();
      return false;
    }
  }

  /**
   * A POST on an order (firing a course or every held ticket, voiding or remaking an item): the
   * answer shown at once, the event confirms it; refused or unsent taps said as for changeOrder.
   * @param {string} id @param {string} path @param {Record<string, unknown>} [body] @returns {Promise<boolean>}
   */
  async function postOrder(id, path, body) {
    const order = sync.records().get(id);
    if (!order) return false;
    if (!linkIsLive()) {
      notify(t('board.not-sent', { name: order.name }), 'error', {
        label: t('board.send-again'),
        run: () => void postOrder(id, path, body),
      });
      return false;
    }
    try {
      const changed = await api('POST', path, body, {}, { tap: true });
      sync.receive({ type: 'order.updated', data: { ...changed, dishes: order.dishes } });
      return true;
    } catch (error) {
      notify(t('board.order-said', { name: order.name, message: boardText(/** @type {Error} */ (error)) }), 'error');
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) resync();
      return false;
    }
  }

  // `loaded` is true once the board shows what the server holds (its first snapshot applied): a
  // render before that (at the sign-in form, or one the pace asks for) shows no tickets yet.
  return { records: () => sync.records(), loaded: () => sync.loaded(), open, changeOrder, postOrder };
}
