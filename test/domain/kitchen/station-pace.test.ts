// One station's wait, by the rule of domain/kitchen/station-pace.ts: with fewer Received tickets ahead than
// cooks, a new ticket takes the cook who frees up next but that many (idle cooks first, then the
// tickets In Progress by the time left on each); deeper, the cooks share the work ahead.
import { describe, expect, it } from 'vitest';
import { StationPace } from '../../../domain/kitchen/station-pace.js';

const MINUTE = 60_000;
const now = Date.parse('2026-11-20T18:00:00.000Z');
const at = (minutes: number) => now + minutes * MINUTE;

/** Three cooks on three 20-minute tickets, started 15, 5 and 10 minutes ago: 5, 15 and 10 minutes left (menu times, nothing learned). */
function threeCooking(): StationPace {
  const pace = new StationPace();
  pace.staff(3);
  pace.start('a:hot:1', 20, at(-15));
  pace.start('b:hot:1', 20, at(-5));
  pace.start('c:hot:1', 20, at(-10));
  pace.relearn(now);
  return pace;
}

describe('StationPace: the wait for a cook', () => {
  it('nothing Received ahead and every cook busy: the ticket waits for the one that finishes first', () => {
    const pace = threeCooking();
    expect(pace.current()).toStrictEqual({ factor: 1, cooks: 3, learned: false });
    expect(pace.quote(now, now, 10)).toBe(at(5 + 10));
  });

  it('one and two Received ahead: the second and third cook to finish; then the work is shared', () => {
    const pace = threeCooking();
    pace.enqueue('d:hot:1', 12);
    expect(pace.quote(now, now, 10)).toBe(at(10 + 10));
    pace.enqueue('e:hot:1', 12);
    expect(pace.quote(now, now, 10)).toBe(at(15 + 10));
    // The first Received ticket, re-estimated, takes the first cook free; the second, the next one.
    expect(pace.estimate('d:hot:1', now)).toBe(at(5 + 12));
    expect(pace.estimate('e:hot:1', now)).toBe(at(10 + 12));
    pace.enqueue('f:hot:1', 12);
    // Three Received (36 menu minutes) and 30 minutes left cooking among 3 cooks, less half a
    // ticket (16 minutes on average) for each of the 2 other cooks: (30 + 36 − 16) / 3 minutes.
    expect(pace.quote(now, now, 10)).toBeCloseTo(at(50 / 3 + 10), -1);
  });

  it('a cook idle: a Received ticket ahead takes that cook', () => {
    const pace = threeCooking();
    // Readied with one tap after its Start: the cook is free, the pace learns nothing.
    pace.ready('a:hot:1', { work: 20, longest: [], startedAt: now - 5_000, readyAt: now, recalled: false });
    expect(pace.current()).toStrictEqual({ factor: 1, cooks: 3, learned: false });
    expect(pace.quote(now, now, 10)).toBe(at(10));
    pace.enqueue('d:hot:1', 12);
    // The idle cook takes the Received ticket; this one waits for the cook 10 minutes from done.
    expect(pace.quote(now, now, 10)).toBe(at(10 + 10));
  });

  it('on a line that bumps with one tap, a Received ticket a free cook would be on is taken as cooking since then', () => {
    const measured = () => {
      const pace = new StationPace();
      pace.staff(2);
      // Measured: started and readied 20 minutes apart.
      pace.ready('a:hot:1', { work: 20, longest: [], startedAt: at(-30), readyAt: at(-10), recalled: false });
      return pace;
    };
    // Every bump so far a measurement: a Received ticket is waiting, whatever the cooks; its estimate moves with the clock.
    const started = measured();
    started.enqueue('b:hot:1', 20);
    started.take(now);
    expect(started.estimate('b:hot:1', at(15))).toBe(at(15 + 20));
    // One of the last tickets bumped with one tap: the line does not always tap Start. The two
    // Received first in line take the two free cooks from now: Ready 20 minutes on, however late it
    // is asked; the third is estimated as before, behind them in the queue: (40 − 20 / 2) / 2 minutes
    // of wait, then its own 20.
    const tapping = measured();
    tapping.ready('c:hot:1', { work: 20, longest: [], startedAt: null, readyAt: at(-1), recalled: false });
    for (const key of ['d:hot:1', 'e:hot:1', 'f:hot:1']) tapping.enqueue(key, 20);
    tapping.take(now);
    expect(tapping.estimate('d:hot:1', at(15))).toBe(at(20));
    expect(tapping.estimate('e:hot:1', at(15))).toBe(at(20));
    expect(tapping.estimate('f:hot:1', at(15))).toBe(at(15 + 15 + 20));
    // Past its time it is Ready any moment now, as a ticket In Progress; the cook's Start tap takes over.
    expect(tapping.estimate('d:hot:1', at(25))).toBe(at(25));
    tapping.start('d:hot:1', 20, at(2));
    expect(tapping.estimate('d:hot:1', at(15))).toBe(at(22));
  });
});
