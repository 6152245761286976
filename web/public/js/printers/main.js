// The printers page (/manager/printers): each kitchen printer with its state (read from GET
// /printers every 5 s: no live event carries it), what waits for it and whether it has taken over
// a station; printers added, changed and removed (the settings' `printers`), and a test chit.
// Managers only.
import { api, sendChange } from '../lib/api.js';
import { notify, startHeaderClock } from '../lib/chrome.js';
import { boardText } from '../lib/errors.js';
import { $, h } from '../lib/dom.js';
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
    if (mine === asked) notify(`Could not read the printers. ${boardText(/** @type {Error} */ (error))}`, 'error');
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
    printers.length === 0 ? '' : trouble > 0 ? `${trouble} of ${printers.length} need a look` : `${printers.length} ready`;
}

/** @param {PrinterStatus} printer */
function row(printer) {
  const checked = printer.checked_at ? new Date(printer.checked_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null;
  const error = printer.checked_at === null ? null : printer.last_error;
  const detail = [waitingText(printer.jobs_waiting), error, checked && `asked at ${checked}`].filter(Boolean).join(' · ');
  return h(
    'li',
    { class: `list-row printer-row state-${printer.state}`, dataset: { printerId: printer.id } },
    h(
      'div',
      {},
      h('p', { class: 'printer-name' }, h('bdi', {}, printer.name)),
      h('p', { class: 'printer-where' }, `${printer.host}:${printer.port} · ${modeText(printer)} · ${printer.columns} characters`),
      h('span', { class: 'printer-state' }, printer.checked_at === null ? 'Asking it…' : STATE_TEXT[printer.state]),
      h('p', { class: 'printer-detail' }, detail),
      printer.taken_over.length > 0 &&
        h(
          'p',
          { class: 'printer-takeover' },
          `Printing for ${printer.taken_over.map(stationName).join(', ')}: no screen of that station is live.`,
        ),
    ),
    h(
      'div',
      { class: 'printer-actions' },
      h('button', { type: 'button', dataset: { action: 'test' }, on: { click: () => void testChit(printer) } }, 'Print a test chit'),
      h('button', { type: 'button', dataset: { action: 'edit' }, on: { click: () => dialog.open(printer) } }, 'Change'),
      h('button', { type: 'button', class: 'danger', dataset: { action: 'remove' }, on: { click: () => void remove(printer) } }, 'Remove'),
    ),
  );
}

/** @param {PrinterStatus} printer */
async function testChit(printer) {
  try {
    await sendChange('POST', `/printers/${printer.id}/test`);
    notify(`A test chit is on its way to ${printer.name}.`);
    void reload();
  } catch (error) {
    notify(`No test chit. ${boardText(/** @type {Error} */ (error))}`, 'error');
  }
}

/** @param {PrinterStatus} printer */
async function remove(printer) {
  const confirm = /** @type {HTMLDialogElement} */ ($('#printer-remove'));
  $('#remove-text').textContent = `Remove ${printer.name}? Chits waiting for it are not printed.`;
  confirm.returnValue = '';
  confirm.showModal();
  await new Promise((resolve) => confirm.addEventListener('close', resolve, { once: true }));
  if (confirm.returnValue !== 'remove') return;
  try {
    await changePrinters((printers) => printers.filter((stored) => stored.id !== printer.id));
    notify(`${printer.name} removed.`);
    void reload();
  } catch (error) {
    notify(`${printer.name} was not removed. ${boardText(/** @type {Error} */ (error))}`, 'error');
  }
}

const dialog = createPrinterDialog(() => {
  notify('Printers saved.');
  void reload();
});

mountFrame({ signInTitle: 'Sign in to the printers', shown: 'list', nav: 'manager' });
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
