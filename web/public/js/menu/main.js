// The menu board (/menu): dishes by category, greyed out and back again live as stock changes.
import { fetchAll } from '../lib/api.js';
import { showLinkState, startHeaderClock } from '../lib/chrome.js';
import { $, h } from '../lib/dom.js';
import { connectLive } from '../lib/live.js';
import { createSync, isFresher } from '../lib/sync.js';
import { dishItem } from './dish.js';

const CATEGORIES = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'];
const HEADINGS = { Appetizer: 'Appetizers', 'Main Course': 'Main courses', Dessert: 'Desserts', Drinks: 'Drinks' };
const menu = $('#menu');

/** @param {Map<string, any>} dishes @param {string} type @param {any} data */
function apply(dishes, type, data) {
  const held = dishes.get(data.id);
  if (type === 'dish.deleted') dishes.delete(data.id);
  else if (type === 'dish.availability' && held) dishes.set(data.id, { ...held, is_available: data.is_available });
  else if ((type === 'dish.created' || type === 'dish.updated') && isFresher(held, data)) dishes.set(data.id, data);
}

function render() {
  const dishes = [...sync.records().values()].sort((a, b) => a.name.localeCompare(b.name));
  const sections = CATEGORIES.map((category) => [category, dishes.filter((dish) => dish.category === category)])
    .filter(([, inCategory]) => inCategory.length > 0)
    .map(([category, inCategory]) => h('section', { class: 'category', dataset: { category } },
      h('h2', {}, HEADINGS[category] ?? category),
      h('ul', { class: 'dishes' }, ...inCategory.map(dishItem))));
  menu.replaceChildren(...sections);
  $('#empty').hidden = dishes.length > 0;
}

const sync = createSync({
  load: () => fetchAll('/dishes'),
  apply,
  render,
  onError: (error) => showLinkState('offline', `Could not load the menu: ${error.message}`),
});

startHeaderClock();
void sync.resync();
connectLive({ rooms: ['menu'], onEvent: sync.receive, onResync: () => void sync.resync(), onState: showLinkState });
