// The pace a station works at, in a cook's words, for the station's strip.
import { formatNumber, t } from './i18n.js';

/**
 * "cooking at 1.2× the menu, 3 cooks"; the menu's times as they are read "cooking at the menu's times".
 * @param {{ speed: number, cooks: number }} pace
 */
export function paceLine({ speed, cooks }) {
  if (Math.abs(speed - 1) < 0.05) return t('pace.menu-times', { cooks });
  return t('pace.speed', { speed: formatNumber(speed, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), cooks });
}
