// The landing page: a plain status line (is the server up and its data reachable), and on each
// kitchen tile its live counts (open tickets, how many run late by the report's rule) once this tab
// holds a kitchen account's session (signed in on a board, then back here); checked now and every
// 15 seconds.
import { fetchAll } from '../lib/api.js';
import { $ } from '../lib/dom.js';
import { languagePicker, t, translate } from '../lib/i18n.js';
import { lateAfter } from '../lib/lateness.js';
import { STATIONS } from '../lib/orders.js';
import { currentRole, resumeSession } from '../lib/session.js';
import { ticketOf, ticketStartedAt } from '../lib/tickets.js';
/** @import { KitchenOrder } from '../../../types/api.js' */

const STAFF = ['chef', 'expeditor', 'manager'];
const OPEN = ['Received', 'In Progress'];

async function check() {
  const light = $('#health');
  try {
    const ready = await fetch('/ready', { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    light.dataset.state = ready.ok ? 'live' : 'offline';
    light.textContent = ready.ok ? t('home.ready') : t('home.no-store');
  } catch {
    light.dataset.state = 'offline';
    light.textContent = t('home.down');
  }
}

/** "12 open · 3 late" on a tile, or nothing. @param {string} href @param {string} text @param {boolean} late */
function showCount(href, text, late) {
  const tile = document.querySelector(`.picker a[href="${href}"]`);
  if (!tile) return;
  let count = tile.querySelector('.tile-count');
  if (!count) {
    count = document.createElement('small');
    count.className = 'tile-count';
    tile.append(count);
  }
  count.textContent = text;
  tile.classList.toggle('has-late', late);
}

/** Each station's open and late tickets, and the orders in the kitchen on the expeditor's tile. */
async function counts() {
  if (!STAFF.includes(currentRole() ?? '')) return;
  try {
    const now = Date.now();
    /** @type {KitchenOrder[][]} */
    const queues = await Promise.all(STATIONS.map((station) => fetchAll(`/stations/${encodeURIComponent(station)}/tickets`)));
    const inKitchen = new Set();
    let lateOrders = 0;
    STATIONS.forEach((station, index) => {
      const open = (queues[index] ?? []).filter((order) => OPEN.includes(ticketOf(order, station)?.status ?? ''));
      const late = open.filter((order) => now > ticketStartedAt(order, station) + lateAfter(order).veryLate * 60_000);
      for (const order of open) inKitchen.add(order.id);
      lateOrders += late.length;
      showCount(`/kds/${station}`, t('home.station-count', { open: open.length, late: late.length }), late.length > 0);
    });
    showCount('/expeditor', t('home.expeditor-count', { cooking: inKitchen.size, late: lateOrders }), lateOrders > 0);
  } catch {
    // The counts come back with the next check.
  }
}

translate();
$('#health').after(languagePicker());
void check();
if (await resumeSession()) void counts();
setInterval(() => {
  void check();
  void counts();
}, 15_000);
