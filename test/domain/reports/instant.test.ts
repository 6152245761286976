// Stored timestamps read digit by digit give exactly what Date.parse gives, for the shape the
// server writes and for every other string (which goes to Date.parse itself).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instant } from '../../../domain/reports/instant.js';

const MIN = Date.UTC(100, 0, 1);
const MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('instant', () => {
  it('reads every toISOString timestamp from year 100 to 9999 as Date.parse does', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN, max: MAX }), (ms) => {
        const text = new Date(ms).toISOString();
        expect(instant(text)).toBe(ms);
        expect(instant(text)).toBe(Date.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads leap days, month ends and the last millisecond of a day', () => {
    for (const text of [
      '2024-02-29T23:59:59.999Z',
      '2000-02-29T00:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2026-04-30T12:00:00.001Z',
      '0100-01-01T00:00:00.000Z',
    ]) {
      expect(instant(text), text).toBe(Date.parse(text));
      expect(Number.isNaN(instant(text)), text).toBe(false);
    }
  });

  it('leaves impossible dates to Date.parse, which rolls some over differently from Date.UTC or refuses them', () => {
    for (const text of [
      '2023-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '2026-01-01T25:00:00.000Z',
      '2026-01-01T10:60:00.000Z',
      '2026-01-01T10:00:60.000Z',
    ]) {
      expect(Object.is(instant(text), Date.parse(text)), text).toBe(true);
    }
  });

  it('gives any other string exactly what Date.parse gives', () => {
    const others = [
      '0050-06-01T00:00:00.000Z',
      '2026-11-23T12:00:00Z',
      '2026-11-23T12:00:00.000+01:00',
      '2026-11-23T24:00:00.000Z',
      '2026-11-23 12:00:00.000Z',
      '2026-11-23T12:00:00.0a0Z',
      '+002026-11-23T12:00:00.000Z',
      '',
      'yesterday',
    ];
    for (const text of others) expect(Object.is(instant(text), Date.parse(text)), text).toBe(true);
    fc.assert(
      fc.property(fc.string({ minLength: 24, maxLength: 24 }), (text) => Object.is(instant(text), Date.parse(text))),
      { numRuns: 2000 },
    );
  });

  it('gives what Date.parse gives when one character of a stored timestamp is changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN, max: MAX }), fc.nat(23), fc.constantFrom(...'0123456789-T:.Z+ x'), (ms, index, char) => {
        const stored = new Date(ms).toISOString();
        const text = stored.slice(0, index) + char + stored.slice(index + 1);
        expect(Object.is(instant(text), Date.parse(text)), text).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
