// The one rule for every date-time the API takes (a schedule, a report's window, a list filter):
// RFC 3339 with Z or an offset, a real calendar date and time, and an instant a four-digit UTC year
// can write. It goes in, and is stored, as the canonical UTC form ("2026-11-28T18:30:00.000Z"), so
// stored times compare as instants whether a store compares them as text or as dates.

const DATE_ONLY = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;
const DATE_TIME =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})T(?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?<offsetHour>\d{2}):(?<offsetMinute>\d{2}))$/;

/** The earliest instant the API takes: the Unix epoch. */
export const EARLIEST_INSTANT = Date.UTC(1970, 0, 1);
/** The latest: the last millisecond a four-digit UTC year can write. */
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Milliseconds since the epoch of `text`, or undefined when it is no date-time the API takes: a
 * shape other than RFC 3339 (seconds optional; a date alone only when `dateOnly`), a day or time
 * that does not exist (2026-02-30, 24:00, a leap second), or an instant outside 1970 to 9999 in UTC.
 */
export function instantOf(text: string, { dateOnly = false } = {}): number | undefined {
  const groups = ((dateOnly ? DATE_ONLY.exec(text) : null) ?? DATE_TIME.exec(text))?.groups;
  if (!groups) return undefined;
  const at = (name: string) => Number(groups[name] ?? 0);
  const validDay = at('month') >= 1 && at('month') <= 12 && at('day') >= 1 && at('day') <= daysInMonth(at('year'), at('month'));
  const validTime = at('hour') <= 23 && at('minute') <= 59 && at('second') <= 59 && at('offsetHour') <= 23 && at('offsetMinute') <= 59;
  if (!validDay || !validTime) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT && ms <= LATEST_INSTANT ? ms : undefined;
}

/** `text` in the canonical UTC form, or undefined when it is no date-time the API takes (instantOf). */
export function canonicalDateTime(text: string, options?: { dateOnly?: boolean }): string | undefined {
  const ms = instantOf(text, options);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

export const DATE_TIME_RULE = 'an ISO 8601 date-time with Z or an offset, between 1970 and 9999 in UTC (e.g. 2026-11-28T18:30:00Z)';
