// The dialog that adds a printer or changes one. The list is read from the settings afresh and
// sent back whole (PATCH /settings with `printers`), so a printer another manager added meanwhile
// is kept; the server's 400 is shown in the form.
import { api, sendChange } from '../lib/api.js';
import { boardText } from '../lib/errors.js';
import { $ } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
/** @import { Printer, PrinterInput, Settings } from '../../../types/api.js' */

/**
 * Sends the settings' printer list changed by `change`; returns the list stored.
 * @param {(printers: Printer[]) => PrinterInput[]} change
 * @returns {Promise<Printer[]>}
 */
export async function changePrinters(change) {
  /** @type {Settings} */
  const settings = await api('GET', '/settings');
  /** @type {Settings} */
  const saved = await sendChange('PATCH', '/settings', { printers: change(settings.printers) });
  return saved.printers;
}

/** @param {() => void} onSaved */
export function createPrinterDialog(onSaved) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#printer'));
  const form = /** @type {HTMLFormElement} */ ($('#printer-form'));
  /** @param {string} name */
  const field = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  const stationBoxes = () => /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll('input[name="stations"]')]);
  /** The printer being changed; null when adding one. @type {Printer | null} */
  let editing = null;

  /** @param {Printer | null} printer */
  function open(printer) {
    editing = printer;
    $('#printer-title').textContent = printer ? t('printers.change-title', { name: printer.name }) : t('printers.add');
    $('#printer-error').textContent = '';
    field('name').value = printer?.name ?? '';
    field('host').value = printer?.host ?? '';
    field('port').value = String(printer?.port ?? 9100);
    field('columns').value = String(printer?.columns ?? 42);
    /** @type {HTMLSelectElement} */ (form.elements.namedItem('mode')).value = printer?.mode ?? 'always';
    for (const box of stationBoxes()) box.checked = printer?.stations.includes(/** @type {any} */ (box.value)) ?? false;
    dialog.showModal();
    field('name').focus();
  }

  /** @returns {PrinterInput} */
  function entered() {
    return {
      ...(editing ? { id: editing.id } : {}),
      name: field('name').value.trim(),
      host: field('host').value.trim(),
      port: Number(field('port').value),
      stations: /** @type {PrinterInput['stations']} */ (
        stationBoxes()
          .filter((box) => box.checked)
          .map((box) => box.value)
      ),
      mode: /** @type {PrinterInput['mode']} */ (/** @type {HTMLSelectElement} */ (form.elements.namedItem('mode')).value),
      columns: Number(field('columns').value),
    };
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const printer = entered();
    if (printer.stations.length === 0) {
      $('#printer-error').textContent = t('printers.pick-station');
      return;
    }
    try {
      await changePrinters((printers) =>
        editing ? printers.map((stored) => (stored.id === printer.id ? printer : stored)) : [...printers, printer],
      );
      dialog.close();
      onSaved();
    } catch (error) {
      $('#printer-error').textContent = boardText(/** @type {Error} */ (error));
    }
  });
  $('#printer-cancel').addEventListener('click', () => dialog.close());

  return { open, isOpen: () => dialog.open };
}
