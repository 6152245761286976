// The live link: socket.io with the access token, room subscription, and a resync after every
// (re)connection or `resync` event so a board never shows what it missed while away.
import { io } from '/boards/vendor/socket.io.esm.min.js';
import { accessToken, refresh } from './session.js';

export const EVENT_TYPES = [
  'order.created', 'order.updated', 'order.deleted',
  'dish.created', 'dish.updated', 'dish.deleted', 'dish.availability',
  'ingredient.created', 'ingredient.updated', 'ingredient.deleted',
];

/** @typedef {'connecting' | 'live' | 'reconnecting' | 'offline'} LinkState */

/**
 * @param {{
 *   rooms: string[],
 *   onEvent: (type: string, data: any) => void,
 *   onResync: () => void,
 *   onState: (state: LinkState, detail?: string) => void,
 * }} options
 */
export function connectLive({ rooms, onEvent, onResync, onState }) {
  const socket = io({
    path: '/socket.io',
    // A function, so every reconnection presents the newest token.
    auth: (callback) => callback(accessToken() ? { token: accessToken() } : {}),
  });
  let tokenExpired = false;

  socket.on('connect', () => void subscribe(socket, rooms, onState).then((ok) => ok && onResync()));
  socket.on('disconnect', (reason) => {
    onState('reconnecting');
    // The server ended the session (token expired): socket.io will not retry on its own.
    if (reason === 'io server disconnect') void reconnectAfter(socket, tokenExpired && refresh());
    tokenExpired = false;
  });
  socket.on('connect_error', (error) => {
    onState(socket.active ? 'reconnecting' : 'offline', error.message);
    // Refused at the handshake: a stale token gets one refresh, then we try again.
    if (!socket.active && /** @type {any} */ (error).data?.status === 401 && accessToken()) void reconnectAfter(socket, refresh());
  });
  socket.on('session.ended', (notice) => (tokenExpired = notice?.reason === 'token_expired'));
  socket.on('resync', () => onResync());
  for (const type of EVENT_TYPES) socket.on(type, (envelope) => onEvent(type, envelope.data));
  return socket;
}

/** @param {{ connect(): unknown }} socket @param {Promise<boolean> | false} refreshed */
async function reconnectAfter(socket, refreshed) {
  if (refreshed === false || (await refreshed)) setTimeout(() => socket.connect(), 250);
}

/** Joins the rooms; true once the server has admitted us. @returns {Promise<boolean>} */
async function subscribe(socket, rooms, onState) {
  try {
    const reply = await socket.timeout(10_000).emitWithAck('subscribe', { rooms });
    if (reply?.ok) onState('live');
    else onState('offline', reply?.detail ?? 'The server refused the subscription.');
    return Boolean(reply?.ok);
  } catch {
    onState('reconnecting', 'No answer to the subscription; retrying.');
    socket.disconnect().connect();
    return false;
  }
}
