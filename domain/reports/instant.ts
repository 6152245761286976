// Milliseconds since the epoch of a stored timestamp. Every timestamp the server stores comes from
// toISOString ("2024-05-01T12:30:00.000Z"), and the kitchen report reads several per order over
// thousands of orders: reading that one shape digit by digit is about twice as fast as Date.parse.
// Anything else (another shape, an impossible date) goes to Date.parse: the result is always Date.parse's.

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by the digits from `from` to `to`, or -1 if a character there is no digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The separators of the shape, "-", "-", "T", ":", ":", "." and "Z", each where it belongs. */
function separated(text: string): boolean {
  return (
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 84 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(19) === 46 &&
    text.charCodeAt(23) === 90
  );
}

const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

export function instant(text: string): number {
  if (text.length !== 24 || !separated(text)) return Date.parse(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  const millisecond = digits(text, 20, 23);
  const monthDays = month === 2 && !leap(year) ? 28 : DAYS_IN_MONTH[month - 1];
  // Date.UTC reads years below 100 as 19xx; an impossible date is left to Date.parse, whatever it makes of it.
  const valid =
    year >= 100 &&
    monthDays !== undefined &&
    day >= 1 &&
    day <= monthDays &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59 &&
    millisecond >= 0;
  return valid ? Date.UTC(year, month - 1, day, hour, minute, second, millisecond) : Date.parse(text);
}
