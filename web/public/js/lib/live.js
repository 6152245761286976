// The live link: socket.io with the access token, room subscription, and a resync after every
// (re)connection or `resync` event so a board never shows what it missed while away.
import { t } from './i18n.js';
import { io } from '/boards/vendor/socket.io.esm.min.js';
import { accessToken, freshToken, refresh } from './session.js';
/** @import { Socket } from '/boards/vendor/socket.io.esm.min.js' */
/** @import { LiveEvent } from '../../../types/api.js' */

/** @type {LiveEvent['type'][]} */
export const EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.deleted',
  'dish.created',
  'dish.updated',
  'dish.deleted',
  'dish.availability',
  'ingredient.created',
  'ingredient.updated',
  'ingredient.deleted',
  'stock.updated',
  'station.all_day',
  'settings.updated',
  'printer.state',
];

/** @typedef {'connecting' | 'live' | 'reconnecting' | 'offline'} LinkState */

/**
 * @param {{
 *   rooms: string[],
 *   onEvent: (event: LiveEvent) => void,
 *   onResync: () => void,
 *   onState: (state: LinkState, detail?: string) => void,
 * }} options
 */
export function connectLive({ rooms, onEvent, onResync, onState }) {
  const socket = io({
    path: '/socket.io',
    // A dead network must not keep a reconnection hanging: give up on an attempt after 5 s.
    timeout: 5_000,
    reconnectionDelayMax: 3_000,
    // A function, so every reconnection presents the newest token.
    auth: (callback) => callback(accessToken() ? { token: accessToken() } : {}),
  });

  startHeartbeat(socket, rooms, onState);
  socket.on('connect', async () => {
    if (await subscribe(socket, rooms, onState)) onResync();
  });
  socket.on('disconnect', (reason) => {
    onState('reconnecting');
    // The server ended the session (its token expired): socket.io will not retry on its own.
    if (reason === 'io server disconnect') void reconnectAfter(socket, accessToken() ? freshToken() : Promise.resolve(true), 250);
  });
  socket.on('connect_error', (error) => {
    // A refusal carries the server's own words (and data); a transport's failure ("xhr poll error")
    // would mean nothing to a cook.
    const refusal = /** @type {{ data?: unknown }} */ (error).data !== undefined;
    onState(socket.active ? 'reconnecting' : 'offline', refusal ? error.message : t('live.unreachable'));
    if (socket.active) return;
    // Refused at the handshake: a stale token gets one refresh; anything else, a slower retry.
    const refused = /** @type {{ data?: { status?: number } }} */ (error).data?.status;
    if (refused === 401 && accessToken()) void reconnectAfter(socket, refresh(), 250);
    else if (refused !== 401) void reconnectAfter(socket, Promise.resolve(true), 5_000);
  });
  socket.on('resync', () => onResync());
  for (const type of EVENT_TYPES) socket.on(type, (envelope) => onEvent(/** @type {LiveEvent} */ ({ type, data: envelope.data })));
  return socket;
}

/** How often the link is checked, and how long an answer may take. */
export const HEARTBEAT_MS = 2_500;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * A network that drops traffic without closing the connection leaves socket.io "connected" for
 * about a minute. The board asks the server to confirm its rooms every few seconds (the same
 * `subscribe`, which changes nothing when repeated) and treats a missing answer as a dead link: it
 * says so at once and drops the connection so socket.io starts reconnecting.
 * @param {Socket} socket @param {string[]} rooms @param {(state: LinkState, detail?: string) => void} onState
 */
function startHeartbeat(socket, rooms, onState) {
  const state = { waiting: false };
  setInterval(async () => {
    if (!socket.connected || state.waiting) return;
    state.waiting = true;
    try {
      await socket.timeout(HEARTBEAT_TIMEOUT_MS).emitWithAck('subscribe', { rooms });
    } catch {
      if (socket.connected) {
        onState('offline', t('live.silent', { seconds: Math.round((HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS) / 1000) }));
        socket.io.engine?.close();
      }
    } finally {
      state.waiting = false;
    }
  }, HEARTBEAT_MS);
  return state;
}

/**
 * Connects again after `ms` once the token is settled; not at all when the session is gone.
 * @param {{ connect(): unknown }} socket @param {Promise<boolean>} tokenReady @param {number} ms
 */
async function reconnectAfter(socket, tokenReady, ms) {
  if (await tokenReady) setTimeout(() => socket.connect(), ms);
}

/**
 * Joins the rooms; true once the server has admitted us.
 * @param {Socket} socket @param {string[]} rooms @param {(state: LinkState, detail?: string) => void} onState
 * @returns {Promise<boolean>}
 */
async function subscribe(socket, rooms, onState) {
  try {
    const reply = await socket.timeout(10_000).emitWithAck('subscribe', { rooms });
    if (reply?.ok) onState('live');
    else onState('offline', reply?.detail ?? t('live.refused'));
    return Boolean(reply?.ok);
  } catch {
    onState('reconnecting', t('live.no-answer'));
    socket.disconnect().connect();
    return false;
  }
}
