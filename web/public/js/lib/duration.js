// A duration as staff say it: "45 s", "19 min", "1 h 05" (never 19′25″, which reads as feet and inches).

/** @param {number | null | undefined} seconds @returns {string} "–" when unknown */
export function duration(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '–';
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
