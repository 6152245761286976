// The menu board (/menu): dishes by category, greyed out and back again live as stock changes.
import { fetchAll } from '../lib/api.js';
import { showLinkState, startHeaderClock } from '../lib/chrome.js';
import { dishItem } from '../lib/dish.js';
import { languagePicker, t, translate } from '../lib/i18n.js';
import { $ } from '../lib/dom.js';
import { isDishEvent } from '../lib/events.js';
import { connectLive } from '../lib/live.js';
import { applyDishEvent, menuSections } from '../lib/menu-book.js';
import { createSync } from '../lib/sync.js';
import { turnPages, turnSeconds } from './turn.js';
/** @import { LiveEvent } from '../../../types/api.js' */

const menu = $('#menu');

function render() {
  const dishes = [...sync.records().values()];
  menu.replaceChildren(...menuSections(dishes, (dish) => dishItem(dish)));
  $('#empty').hidden = dishes.length > 0;
}

const sync = createSync({
  load: () => fetchAll('/dishes'),
  apply: applyDishEvent,
  render,
  onError: (error) => showLinkState('offline', t('menu.load-failed', { reason: error.message })),
});

translate();
$('#clock').after(languagePicker());
startHeaderClock();
void sync.resync();
const turn = turnSeconds(location.search);
if (turn !== null) turnPages(turn);
// The menu room also carries stock (one event per order placed): only dish events change the board.
/** @param {LiveEvent} event */
const onEvent = (event) => {
  if (isDishEvent(event)) sync.receive(event);
};
connectLive({ rooms: ['menu'], onEvent, onResync: () => void sync.resync(), onState: showLinkState });
