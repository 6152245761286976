// How the printers page names a printer's state, mode and stations, in the kitchen's words.
/** @import { PrinterStatus } from '../../../types/api.js' */

/** @type {Record<PrinterStatus['state'], string>} */
export const STATE_TEXT = { ok: 'Ready', unreachable: 'Not answering', paper_out: 'Out of paper' };

/** @param {string} station */
export const stationName = (station) => station.charAt(0).toUpperCase() + station.slice(1);

/** @param {PrinterStatus} printer */
export function modeText(printer) {
  const stations = printer.stations.map(stationName).join(', ');
  return printer.mode === 'always' ? `Every ${stations} ticket` : `${stations} tickets while the screens are down`;
}

/** @param {number} count */
export const waitingText = (count) => (count === 0 ? 'Nothing waiting' : count === 1 ? '1 chit waiting' : `${count} chits waiting`);
