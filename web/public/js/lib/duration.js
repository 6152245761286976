// A duration as staff say it: "45 s", "19 min", "1 h 05" (never 19′25″, which reads as feet and
// inches), in the screen's language (the catalogues' `duration.*` messages).
import { t } from './i18n.js';

/** @param {number | null | undefined} seconds @returns {string} "–" when unknown */
export function duration(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '–';
  if (seconds < 59.5) return t('duration.seconds', { seconds: Math.round(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { minutes });
  return t('duration.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}
