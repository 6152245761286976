// The printers page (/manager/printers): each kitchen printer with its state, what waits for it and
// whether it has taken over a station, kept live by the printers room (`printer.state`, and
// `settings.updated` when printers are added or removed; GET /printers once per connection);
// printers added, changed and removed (the settings' `printers`), and a test chit. Managers only.
import { api, sendChange } from '../lib/api.js';
import { notify, showLinkState, startHeaderClock } from '../lib/chrome.js';
import { boardText } from '../lib/errors.js';
import { $, h } from '../lib/dom.js';
import { formatList, formatTime, t, translate } from '../lib/i18n.js';
import { mountFrame } from '../lib/frame.js';
import { connectLive } from '../lib/live.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { resumeSession, sessionEvents } from '../lib/session.js';
import { changePrinters, createPrinterDialog } from './dialog.js';
import { modeText, STATE_TEXT, stationName, waitingText } from './words.js';
/** @import { LiveEvent, PrinterStatus } from '../../../types/api.js' */

/** Answers that arrive after a newer request started are dropped. */
let asked = 0;
/** The printers as last shown. @type {PrinterStatus[]} */
let shown = [];
/** States heard while a reload is on its way, laid over its answer. @type {PrinterStatus[]} */
let heard = [];

async function reload() {
  const mine = ++asked;
  heard = [];
  try {
    /** @type {PrinterStatus[]} */
    const printers = await api('GET', '/printers');
    if (mine === asked) show(printers.map((printer) => heard.findLast((state) => state.id === printer.id) ?? printer));
  } catch (error) {
    if (mine === asked) notify(t('printers.read-failed', { reason: boardText(/** @type {Error} */ (error)) }), 'error');
  }
}

/** @param {LiveEvent} event */
function receive(event) {
  if (event.type === 'settings.updated') void reload();
  if (event.type !== 'printer.state') return;
  heard.push(event.data);
  if (shown.some((printer) => printer.id === event.data.id))
    show(shown.map((printer) => (printer.id === event.data.id ? event.data : printer)));
}

/** @param {PrinterStatus[]} printers */
function show(printers) {
  shown = printers;
  const focused = document.activeElement?.closest('[data-printer-id]')?.getAttribute('data-printer-id');
  const focusedAction = document.activeElement?.getAttribute('data-action');
  $('#printers').replaceChildren(...printers.map(row));
  if (focused && focusedAction)
    /** @type {HTMLElement | null} */ (document.querySelector(`[data-printer-id="${focused}"] [data-action="${focusedAction}"]`))?.focus();
  $('#printers-none').hidden = printers.length > 0;
  const trouble = printers.filter((printer) => printer.state !== 'ok').length;
  $('#printer-count').textContent =
    printers.length === 0
      ? ''
      : trouble > 0
        ? t('printers.trouble', { trouble, count: printers.length })
        : t('printers.all-ready', { count: printers.length });
}

/** @param {PrinterStatus} printer */
function row(printer) {
  const checked = printer.checked_at ? formatTime(new Date(printer.checked_at)) : null;
  const error = printer.checked_at === null ? null : printer.last_error;
  const detail = [waitingText(printer.jobs_waiting), error, checked && t('printers.asked-at', { time: checked })]
    .filter(Boolean)
    .join(' · ');
  return h(
    'li',
    { class: `list-row printer-row state-${printer.state}`, dataset: { printerId: printer.id } },
    h(
      'div',
      {},
      h('p', { class: 'printer-name' }, h('bdi', {}, printer.name)),
      h(
        'p',
        { class: 'printer-where' },
        t('printers.where', { address: `${printer.host}:${printer.port}`, mode: modeText(printer), columns: printer.columns }),
      ),
      h('span', { class: 'printer-state' }, printer.checked_at === null ? t('printers.asking') : STATE_TEXT[printer.state]),
      h('p', { class: 'printer-detail' }, detail),
      printer.taken_over.length > 0 &&
        h('p', { class: 'printer-takeover' }, t('printers.taken-over', { stations: formatList(printer.taken_over.map(stationName)) })),
    ),
    h(
      'div',
      { class: 'printer-actions' },
      h('button', { type: 'button', dataset: { action: 'test' }, on: { click: () => void testChit(printer) } }, t('printers.test')),
      h('button', { type: 'button', dataset: { action: 'edit' }, on: { click: () => dialog.open(printer) } }, t('printers.change')),
      h(
        'button',
        { type: 'button', class: 'danger', dataset: { action: 'remove' }, on: { click: () => void remove(printer) } },
        t('printers.remove'),
      ),
    ),
  );
}

/** @param {PrinterStatus} printer */
async function testChit(printer) {
  try {
    await sendChange('POST', `/printers/${printer.id}/test`);
    notify(t('printers.test-sent', { name: printer.name }));
    void reload();
  } catch (error) {
    notify(t('printers.test-failed', { reason: boardText(/** @type {Error} */ (error)) }), 'error');
  }
}

/** @param {PrinterStatus} printer */
async function remove(printer) {
  const confirm = /** @type {HTMLDialogElement} */ ($('#printer-remove'));
  $('#remove-text').textContent = t('printers.remove-ask', { name: printer.name });
  confirm.returnValue = '';
  confirm.showModal();
  await new Promise((resolve) => confirm.addEventListener('close', resolve, { once: true }));
  if (confirm.returnValue !== 'remove') return;
  try {
    await changePrinters((printers) => printers.filter((stored) => stored.id !== printer.id));
    notify(t('printers.removed', { name: printer.name }));
    void reload();
  } catch (error) {
    notify(t('printers.not-removed', { name: printer.name, reason: boardText(/** @type {Error} */ (error)) }), 'error');
  }
}

const dialog = createPrinterDialog(() => {
  notify(t('printers.saved'));
  void reload();
});

/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;

/** Signed in: the printers room, and the printers read afresh at every (re)connection. */
function start() {
  if (socket) socket.connect();
  else socket = connectLive({ rooms: ['printers'], onEvent: receive, onResync: () => void reload(), onState: showLinkState });
}

translate();
mountFrame({ signInTitle: t('printers.sign-in'), shown: 'list', nav: 'manager' });
// No sound on this page.
$('#mute').hidden = true;
startHeaderClock();
$('#add').addEventListener('click', () => dialog.open(null));
sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
guardWithLogin(start, 'managers');
if (await resumeSession()) resumeInto(start);
