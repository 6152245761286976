// How the printers page names a printer's state, mode and stations, in the kitchen's words.
import { formatList, t } from '../lib/i18n.js';
/** @import { PrinterStatus } from '../../../types/api.js' */

/** @type {Record<PrinterStatus['state'], string>} */
export const STATE_TEXT = {
  ok: t('printers.state-ok'),
  unreachable: t('printers.state-unreachable'),
  paper_out: t('printers.state-paper-out'),
};

/** @param {string} station */
export const stationName = (station) => t(`station.${station}`);

/** @param {PrinterStatus} printer */
export function modeText(printer) {
  const stations = formatList(printer.stations.map(stationName));
  return printer.mode === 'always' ? t('printers.mode-always', { stations }) : t('printers.mode-fallback', { stations });
}

/** @param {number} count */
export const waitingText = (count) => t('printers.waiting', { count });
