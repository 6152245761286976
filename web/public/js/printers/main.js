// The printers page (/manager/printers): each kitchen printer with its state (read from GET
// /printers every 5 s: no live event carries it), what waits for it and whether it has taken over
// a station; printers added, changed and removed (the settings' `printers`), and a test chit.
// Managers only.
import { api, sendChange } from '../lib/api.js';
import { notify, startHeaderClock } from '../lib/chrome.js';
import { boardText } from '../lib/errors.js';
import { $, h } from '../lib/dom.js';
import { formatList, formatTime, t, translate } from '../lib/i18n.js';
import { mountFrame } from '../lib/frame.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { resumeSession } from '../lib/session.js';
import { changePrinters, createPrinterDialog } from './dialog.js';
import { modeText, STATE_TEXT, stationName, waitingText } from './words.js';
/** @import { PrinterStatus } from '../../../types/api.js' */

const REFRESH_MS = 5000;
/** Answers that arrive after a newer request started are dropped. */
let asked = 0;

async function reload() {
  const mine = ++asked;
  try {
    /** @type {PrinterStatus[]} */
    const printers = await api('GET', '/printers');
    if (mine === asked) show(printers);
  } catch (error) {
    if (mine === asked) notify(t('printers.read-failed', { reason: boardText(/** @type {Error} */ (error)) }), 'error');
  }
}

/** @param {PrinterStatus[]} printers */
function show(printers) {
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

translate();
mountFrame({ signInTitle: t('printers.sign-in'), shown: 'list', nav: 'manager' });
// No sound and no live link on this page: the printers' state is read, not pushed.
$('#mute').hidden = true;
$('#link').hidden = true;
startHeaderClock();
$('#add').addEventListener('click', () => dialog.open(null));
const signedIn = () => !document.body.classList.contains('signed-out');
setInterval(() => {
  if (signedIn() && document.visibilityState === 'visible' && !dialog.isOpen()) void reload();
}, REFRESH_MS);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && signedIn()) void reload();
});
guardWithLogin(() => void reload(), 'managers');
if (await resumeSession()) resumeInto(() => void reload());
