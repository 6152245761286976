// The frame of a page that works on the pantry (the stock page, the menu editor): the shared top
// bar without sound, the sign-in for the roles the API lets change it, and the menu room followed
// from sign-in to sign-out, every (re)connection reading the lists again.
import { showLinkState, startHeaderClock } from './chrome.js';
import { $ } from './dom.js';
import { mountFrame } from './frame.js';
import { connectLive } from './live.js';
import { guardWithLogin, resumeInto } from './login.js';
import { resumeSession, sessionEvents } from './session.js';
/** @import { createPantry } from './pantry.js' */

/**
 * @param {ReturnType<typeof createPantry>} pantry
 * @param {{ signInTitle: string, shown: string, who: 'stock' | 'menu' }} options as mountFrame and guardWithLogin take them
 */
export async function openPantryPage(pantry, { signInTitle, shown, who }) {
  /** @type {ReturnType<typeof connectLive> | null} */
  let socket = null;
  const start = () => {
    void pantry.load();
    if (socket) socket.connect();
    else
      socket = connectLive({
        rooms: ['menu'],
        onEvent: (event) => pantry.apply(event),
        onResync: () => void pantry.load(),
        onState: showLinkState,
      });
  };
  mountFrame({ signInTitle, shown, nav: 'manager' });
  $('#mute').hidden = true;
  startHeaderClock();
  sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
  guardWithLogin(start, who);
  if (await resumeSession()) resumeInto(start);
}
