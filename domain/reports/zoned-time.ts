// Local days and hours of an IANA time zone, from the runtime's own zone database (Intl): where a
// local day or hour starts, as an instant. Daylight-saving days last 23 or 25 hours; zones with
// half-hour offsets (Asia/Kolkata) start their hours at :30 UTC.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in the zone at an instant: its fields, read as if they were UTC. */
function wallClock(timeZone: string, at: number): { year: number; month: number; day: number; asUtc: number } {
  const fields: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return { year, month, day, asUtc: Date.UTC(year, month - 1, day, hour, minute, second) };
}

/** The zone's offset from UTC at an instant, in milliseconds (Asia/Kolkata: +5.5 hours). */
export function offsetAt(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(timeZone, whole).asUtc - whole;
}

/** The instant a local date's wall-clock time falls on (the later offset where it repeats, the hour after where it is skipped). */
function instantOf(timeZone: string, localAsUtc: number): number {
  const guess = localAsUtc - offsetAt(timeZone, localAsUtc);
  return localAsUtc - offsetAt(timeZone, guess);
}

/** The start of the local day holding `at`. */
export function dayStart(timeZone: string, at: number): number {
  const { year, month, day } = wallClock(timeZone, at);
  return instantOf(timeZone, Date.UTC(year, month - 1, day));
}

/** The start of the local day after the one holding `at`. */
export function nextDayStart(timeZone: string, at: number): number {
  const { year, month, day } = wallClock(timeZone, at);
  return instantOf(timeZone, Date.UTC(year, month - 1, day + 1));
}

/** The start of the local hour holding `at`. */
export function hourStart(timeZone: string, at: number): number {
  return at - ((((at + offsetAt(timeZone, at)) % 3_600_000) + 3_600_000) % 3_600_000);
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu']);
export const isUtc = (timeZone: string) => UTC_NAMES.has(timeZone);

/**
 * The starts of the local hours or days from the one holding `start` to the one holding `end - 1`,
 * followed by the end of that last one.
 */
export function bucketBoundaries(timeZone: string, bucket: 'hour' | 'day', start: number, end: number): number[] {
  const next =
    bucket === 'day' ? (at: number) => nextDayStart(timeZone, at) : (at: number) => Math.max(at + 1, hourStart(timeZone, at + 3_600_000));
  const boundaries = [bucket === 'day' ? dayStart(timeZone, start) : hourStart(timeZone, start)];
  while (boundaries.at(-1)! < end) boundaries.push(next(boundaries.at(-1)!));
  return boundaries;
}
