// A duration as staff say it: "45 s", "19 min", "1 h 05" (never 19′25″, which reads as feet and
// inches). Pure, so node tests read it too; a page passes its language's words (manager/main.js
// passes the catalogues' `duration.*` messages).

/** @typedef {{ seconds: (n: number) => string, minutes: (n: number) => string, hours: (h: number, m: string) => string }} DurationWords */
/** @type {DurationWords} */
const ENGLISH = { seconds: (n) => `${n} s`, minutes: (n) => `${n} min`, hours: (h, m) => `${h} h ${m}` };

/** @param {number | null | undefined} seconds @param {DurationWords} [words] @returns {string} "–" when unknown */
export function duration(seconds, words = ENGLISH) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '–';
  if (seconds < 59.5) return words.seconds(Math.round(seconds));
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.minutes(minutes);
  return words.hours(Math.floor(minutes / 60), String(minutes % 60).padStart(2, '0'));
}
