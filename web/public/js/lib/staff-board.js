// What the kitchen boards share: the order book kept in sync (with a chime for new orders), the
// sign-in, the live link to one room, and order changes sent through the API.
import { api } from './api.js';
import { beep, unlockAudioOnGesture } from './beep.js';
import { notify, showLinkState, startHeaderClock, wireMuteButton } from './chrome.js';
import { connectLive } from './live.js';
import { guardWithLogin, resumeInto } from './login.js';
import { resumeSession, sessionEvents } from './session.js';
import { createSync } from './sync.js';

/**
 * @param {{
 *   room: string,
 *   book: ReturnType<typeof import('./order-book.js').createOrderBook>,
 *   render: () => void,
 *   what: string,
 * }} options `what` names the records in error notices ("tickets", "orders")
 */
export function staffBoard({ room, book, render, what }) {
  /** @type {ReturnType<typeof connectLive> | null} */
  let socket = null;
  const sync = createSync({
    load: book.load,
    apply: book.apply,
    render: (reason, appeared) => {
      if (reason === 'event' && appeared) beep();
      render();
    },
    onError: (error) => notify(`Could not load the ${what}: ${error.message}`, 'error'),
  });

  /** Shows what the REST lists hold at once, then follows the live link (which resyncs on connect). */
  function start() {
    void sync.resync();
    if (socket) socket.connect();
    else socket = connectLive({ rooms: [room], onEvent: sync.receive, onResync: () => void sync.resync(), onState: showLinkState });
  }

  /** Wires the top bar and the sign-in, and starts at once when this tab is still signed in. */
  async function open() {
    wireMuteButton();
    unlockAudioOnGesture();
    startHeaderClock();
    sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
    guardWithLogin(start);
    if (await resumeSession()) resumeInto(start);
  }

  /**
   * Changes an order through the API; the answer is shown at once and the event confirms it.
   * @param {string} id @param {Record<string, unknown>} change @returns {Promise<boolean>}
   */
  async function changeOrder(id, change) {
    const order = sync.records().get(id);
    if (!order) return false;
    try {
      const changed = await api('PATCH', `/orders/${id}`, change);
      sync.receive('order.updated', { ...changed, dishes: order.dishes });
      return true;
    } catch (error) {
      notify(`${order.name}: ${/** @type {Error} */ (error).message}`, 'error');
      return false;
    }
  }

  return { records: () => sync.records(), open, changeOrder };
}
