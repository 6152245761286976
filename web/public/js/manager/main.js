// The manager's page (/manager): the kitchen now per station, GET /reports/kitchen as charts and
// tiles (today by the quarter hour), stock running low, and every station's all-day counts. All of
// it follows the station rooms: an order event reloads the report and the now strip within a
// second, rather than at the next minute. Managers only.
import { duration as durationIn } from '../lib/duration.js';
import { amount } from '../lib/amount.js';
import { api } from '../lib/api.js';
import { boardText } from '../lib/errors.js';
import { notify, showLinkState, startHeaderClock, wireMuteButton } from '../lib/chrome.js';
import { $, h } from '../lib/dom.js';
import { isOrderEvent } from '../lib/events.js';
import { mountFrame } from '../lib/frame.js';
import { connectLive } from '../lib/live.js';
import { formatDate, formatNumber, t, translate } from '../lib/i18n.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { STATIONS } from '../lib/orders.js';
import { resumeSession, sessionEvents } from '../lib/session.js';
import { drawCharts, redrawOnResize } from './charts.js';
import { createNow } from './now.js';
import { createPacePanel } from './pace.js';
import { createSettingsForm } from './settings.js';
import { createStockLive } from './stock-live.js';
import { showItemsReport } from './items-report.js';
/** @import { AllDay, KitchenReport, LiveEvent } from '../../../types/api.js' */

/** A duration in the screen's language: "19 min", "1 h 05". @param {number | null | undefined} seconds */
const duration = (seconds) =>
  durationIn(seconds, {
    seconds: (count) => t('duration.seconds', { seconds: count }),
    minutes: (count) => t('duration.minutes', { minutes: count }),
    hours: (hours, minutes) => t('duration.hours', { hours, minutes }),
  });

const RANGE_KEY = 'pos.manager.range';
let range = localStorage.getItem(RANGE_KEY) === 'week' ? 'week' : 'today';
let report = /** @type {KitchenReport | null} */ (null);
/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;
const stockLive = createStockLive();
const now = createNow(() => showLate(), stockLive.showShortages);
const pacePanel = createPacePanel();
const settingsForm = createSettingsForm(() => {
  zoneToday = null;
  void loadReport();
});
/** When today began in the restaurant's time zone, as the report said; null until it has. */
let zoneToday = /** @type {Date | null} */ (null);
/** Order events come in bursts (one per station room): one reload after the burst. */
const EVENT_RELOAD_MS = 400;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let reloadSoon;

/** Today since midnight by the quarter hour, or the last seven days by the day. */
function period() {
  const to = new Date();
  if (range === 'week') return { from: new Date(to.getTime() - 7 * 86_400_000), to, bucket: 'day' };
  // The restaurant's day (settings time_zone) once the report has named it; this tablet's until then.
  const from = zoneToday && to.getTime() - zoneToday.getTime() < 86_400_000 ? zoneToday : new Date(new Date(to).setHours(0, 0, 0, 0));
  return { from, to, bucket: 'quarter_hour' };
}

async function loadReport() {
  const { from, to, bucket } = period();
  try {
    /** @type {KitchenReport} */
    const answer = await api('GET', `/reports/kitchen?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), bucket })}`);
    report = answer;
    if (range === 'today' && answer.today && answer.today !== from.toISOString() && zoneToday?.toISOString() !== answer.today) {
      zoneToday = new Date(answer.today);
      return loadReport();
    }
    show();
  } catch (error) {
    notify(t('manager.load-failed', { reason: boardText(/** @type {Error} */ (error)) }), 'error');
  }
}

function show() {
  if (!report) return;
  const { orders, from, to } = report;
  const zone = report.time_zone ? { timeZone: report.time_zone } : {};
  const start = formatDate(new Date(from), { weekday: 'short', hour: '2-digit', minute: '2-digit', ...zone });
  const end = formatDate(new Date(to), { hour: '2-digit', minute: '2-digit', ...zone });
  $('#range-text').textContent = `${start} – ${end}${report.time_zone ? ` (${report.time_zone})` : ''}`;
  $('#t-placed').textContent = formatNumber(orders.placed);
  $('#t-closed').textContent = formatNumber(orders.closed);
  $('#t-ready').replaceChildren(whole(duration(orders.placed_to_ready.median_seconds)));
  $('#t-ready-p90').replaceChildren(...slowest(orders.placed_to_ready.p90_seconds));
  $('#t-pass').replaceChildren(whole(duration(orders.ready_to_closed.median_seconds)));
  $('#t-pass-p90').replaceChildren(...slowest(orders.ready_to_closed.p90_seconds));
  showLate();
  showPromise(orders.ready_vs_quoted);
  drawCharts(report);
  showStock();
  showItemsReport(report);
}

/** Late tickets: the finished ones of the period and the open ones running late now. */
function showLate() {
  if (!report) return;
  const finished = report.stations.reduce((sum, each) => sum + each.late, 0);
  const tickets = report.stations.reduce((sum, each) => sum + each.tickets, 0);
  const open = now.lateNow();
  $('#t-late').textContent = formatNumber(finished + open);
  $('#t-late-note').textContent = tickets
    ? t('manager.late-now-share', { open, finished, tickets, share: Math.round((100 * finished) / tickets) / 100 })
    : t('manager.late-now', { open, finished, tickets });
}

/**
 * Kept the promise: readied orders no later than 5 minutes after their quoted time, of those quoted.
 * @param {KitchenReport['orders']['ready_vs_quoted'] | undefined} promise
 */
function showPromise(promise) {
  const quoted = promise?.quoted ?? 0;
  const kept = quoted - (promise?.late ?? 0);
  $('#t-promise').replaceChildren(...(quoted ? [formatNumber(kept), h('small', {}, ` ${t('manager.of', { quoted })}`)] : ['–']));
  const median = promise?.median_seconds;
  $('#t-promise-note').replaceChildren(
    ...(quoted
      ? keepingWhole(
          t('manager.promise-note', { share: Math.round((100 * kept) / quoted) / 100, lateness: signedDuration(median) }),
          duration(median == null ? median : Math.abs(median)),
        )
      : [t('manager.no-quoted')]),
  );
  $('#t-promise')
    .closest('.tile')
    ?.classList.toggle('broken', quoted > 0 && kept / quoted < 0.8);
}

/** A number and its unit ("18 min", "1 h 05") on one line: a tile never wraps "18" from "min". @param {string} text */
const whole = (text) => h('span', { class: 'whole' }, text);

/**
 * A message with a duration in it, the duration kept whole (the same text as `message` alone).
 * @param {string} message @param {string} piece
 */
function keepingWhole(message, piece) {
  const at = message.indexOf(piece);
  return at < 0 ? [message] : [message.slice(0, at), whole(piece), message.slice(at + piece.length)];
}

/** "slowest 10%: 25 min", the duration whole. @param {number | null | undefined} seconds */
const slowest = (seconds) => {
  const time = duration(seconds);
  return keepingWhole(t('manager.slowest', { duration: time }), time);
};

/** A lateness: "2 min late", "45 s early", "on time". @param {number | null | undefined} seconds */
const signedDuration = (seconds) =>
  seconds === null || seconds === undefined
    ? '–'
    : seconds === 0
      ? t('manager.on-time')
      : seconds > 0
        ? t('manager.late-by', { duration: duration(seconds) })
        : t('manager.early-by', { duration: duration(-seconds) });

/** Ingredients that cover fewer than N more orders, fewest first. */
function showStock() {
  if (!report) return;
  const limit = Number(/** @type {HTMLInputElement} */ ($('#low-orders')).value) || 20;
  const low = report.stock
    .filter((item) => item.orders_covered !== null && item.orders_covered < limit)
    .sort((a, b) => a.orders_covered - b.orders_covered || a.name.localeCompare(b.name));
  $('#stock-rows').replaceChildren(
    ...low.map((item) =>
      h(
        'tr',
        {
          class: item.in_stock_qty <= 0 ? 'out' : item.orders_covered < limit / 4 ? 'very-low' : '',
          dataset: { ingredientId: item.ingredient_id },
        },
        h('td', {}, item.name),
        h('td', {}, amount(item.in_stock_qty, item.unit)),
        h('td', {}, amount(item.units_used, item.unit)),
        h('td', {}, item.in_stock_qty <= 0 ? t('manager.out') : t('manager.covers-orders', { count: item.orders_covered })),
      ),
    ),
  );
  $('#stock-none').hidden = low.length > 0;
}

/** @param {AllDay} counts one station's all-day counts */
function showAllDay(counts) {
  const column = $(`#all-day [data-station="${counts.station}"] ul`);
  column.replaceChildren(
    ...counts.items.map((item) => h('li', {}, h('span', { class: 'all-day-qty' }, formatNumber(item.quantity)), ` ${item.name}`)),
  );
  if (counts.items.length === 0) column.append(h('li', { class: 'none' }, t('manager.nothing-open')));
}

async function loadAllDay() {
  for (const station of STATIONS) {
    try {
      showAllDay(await api('GET', `/stations/${station}/all-day`));
    } catch {
      // Shown again with the next event or reload.
    }
  }
}

function start() {
  void loadReport();
  void loadAllDay();
  now.reload();
  stockLive.reload();
  settingsForm.reload();
  pacePanel.reload();
  /** @param {LiveEvent} event */
  const onEvent = (event) => {
    if (event.type === 'station.all_day') showAllDay(event.data);
    stockLive.receive(event);
    settingsForm.receive(event);
    pacePanel.receive(event);
    if (!isOrderEvent(event)) return;
    clearTimeout(reloadSoon);
    reloadSoon = setTimeout(() => {
      void loadReport();
      now.reload();
      pacePanel.reload();
    }, EVENT_RELOAD_MS);
  };
  const resync = () => {
    void loadAllDay();
    void loadReport();
    now.reload();
    stockLive.reload();
    settingsForm.reload();
    pacePanel.reload();
  };
  if (socket) socket.connect();
  else
    socket = connectLive({
      rooms: [...STATIONS.map((station) => `station:${station}`), 'menu'],
      onEvent,
      onResync: resync,
      onState: showLinkState,
    });
}

/** @param {HTMLElement} button */
function pickRange(button) {
  range = button.dataset.range === 'week' ? 'week' : 'today';
  localStorage.setItem(RANGE_KEY, range);
  for (const each of document.querySelectorAll('[data-range]')) each.setAttribute('aria-pressed', String(each === button));
  void loadReport();
}

translate();
mountFrame({ signInTitle: t('manager.sign-in'), shown: 'figures', nav: 'manager' });
$('#mute').hidden = true;
wireMuteButton();
startHeaderClock();
now.mount();
redrawOnResize(() => report);
$('#all-day').replaceChildren(
  ...STATIONS.map((station) =>
    h('div', { class: 'all-day-column', dataset: { station } }, h('h3', {}, t(`station.${station}`)), h('ul', {})),
  ),
);
for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-range]'))) {
  button.setAttribute('aria-pressed', String(button.dataset.range === range));
  button.addEventListener('click', () => pickRange(button));
}
$('#low-orders').addEventListener('input', showStock);
sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
guardWithLogin(start, 'managers');
// Events keep the report current; this only moves the period's end along in a quiet kitchen.
setInterval(() => {
  if (!document.body.classList.contains('signed-out')) void loadReport();
}, 60_000);
if (await resumeSession()) resumeInto(start);
