// The store contract for print jobs (domain/printers/jobs.ts over the store): a job made twice is
// stored once, a printer reads its own waiting jobs oldest first, one instance at a time holds a
// job (two workers on one store stand for two instances), and jobs make no change event.
import { describe, expect, it, vi } from 'vitest';
import { countWaiting, holdJob, jobId, makeJob, markFailed, markPrinted, oldestWaiting } from '../../../domain/printers/jobs.js';
import type { Chit } from '../../../models/printer.js';
import type { ChangeEvent, Store } from '../../../store/types.js';

const AT = new Date('2026-11-26T12:00:00.000Z');
const PRINTER = '5f00000000000000000000a1';
const OTHER = '5f00000000000000000000a2';
const chit = (heading: string): Chit => ({
  marker: null,
  station: 'hot',
  allergy: null,
  heading,
  seats: [],
  course: null,
  round: null,
  items: [{ quantity: 1, name: 'Steak', seat: null, modifiers: [], note: null, voided: false }],
  note: null,
  order_id: '5f00000000000000000000b1',
  fired_at: AT.toISOString(),
  time_zone: 'UTC',
});
const later = (ms: number) => new Date(AT.getTime() + ms);

export function describePrintJobs(store: () => Store) {
  describe('print jobs', () => {
    it('stores a job made twice once, kept two days', async () => {
      const id = jobId(PRINTER, 'order/hot/1/1/fired');
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(await makeJob(store(), { id, printer_id: PRINTER, chit: chit('Table 1') }, AT)).toBe(true);
      expect(await makeJob(store(), { id, printer_id: PRINTER, chit: chit('Table 1 again') }, later(5))).toBe(false);
      const jobs = await store().collection('print_jobs').find([]);
      expect(jobs).toEqual([
        expect.objectContaining({
          id,
          printer_id: PRINTER,
          status: 'waiting',
          attempts: 0,
          held_until: '',
          last_error: null,
          printed_at: null,
          expires_at: '2026-11-28T12:00:00.000Z',
          chit: chit('Table 1'),
        }),
      ]);
    });

    it("reads a printer's own waiting jobs oldest first; printed ones are done", async () => {
      for (const [n, printer] of [
        [1, PRINTER],
        [2, OTHER],
        [3, PRINTER],
      ] as const)
        await makeJob(store(), { id: jobId(printer, n), printer_id: printer, chit: chit(`Table ${n}`) }, later(n));
      expect((await oldestWaiting(store(), PRINTER))?.chit.heading).toBe('Table 1');
      expect(await countWaiting(store(), PRINTER)).toBe(2);
      await markPrinted(store(), jobId(PRINTER, 1), later(10));
      expect((await oldestWaiting(store(), PRINTER))?.chit.heading).toBe('Table 3');
      expect(await countWaiting(store(), PRINTER)).toBe(1);
      expect(await store().collection('print_jobs').get(jobId(PRINTER, 1))).toMatchObject({
        status: 'printed',
        printed_at: later(10).toISOString(),
      });
      await markPrinted(store(), jobId(PRINTER, 3), later(11));
      expect(await oldestWaiting(store(), PRINTER)).toBeNull();
    });

    it('one instance holds a job at a time; a failed attempt frees it, a lapsed hold is taken over', async () => {
      const id = jobId(PRINTER, 'held');
      await makeJob(store(), { id, printer_id: PRINTER, chit: chit('Table 7') }, AT);
      const job = (await oldestWaiting(store(), PRINTER))!;
      const [first, second] = await Promise.all([holdJob(store(), job, later(1), 20_000), holdJob(store(), job, later(1), 20_000)]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(await holdJob(store(), job, later(5000), 20_000)).toBeNull();
      await markFailed(store(), id, 'cannot connect to 10.0.0.9:9100 (ECONNREFUSED)');
      expect(await store().collection('print_jobs').get(id)).toMatchObject({
        attempts: 1,
        held_until: '',
        last_error: 'cannot connect to 10.0.0.9:9100 (ECONNREFUSED)',
        status: 'waiting',
      });
      expect(await holdJob(store(), job, later(6000), 20_000)).toMatchObject({ held_until: later(26_000).toISOString() });
      // Its instance stopped mid-job: once the hold lapses another takes it.
      expect(await holdJob(store(), job, later(25_000), 20_000)).toBeNull();
      expect(await holdJob(store(), job, later(26_001), 20_000)).toMatchObject({ held_until: later(46_001).toISOString() });
      await markPrinted(store(), id, later(27_000));
      expect(await holdJob(store(), job, later(99_000), 20_000)).toBeNull();
    });

    it('makes no change event', async () => {
      const events: ChangeEvent[] = [];
      const stop = store().onChange((event) => events.push(event));
      try {
        await makeJob(store(), { id: jobId(PRINTER, 'quiet'), printer_id: PRINTER, chit: chit('Table 2') }, AT);
        await markPrinted(store(), jobId(PRINTER, 'quiet'), AT);
        const marker = await store().collection('ingredients').insert({ name: 'Marker', in_stock_qty: 1, price: 1 });
        await vi.waitFor(() => expect(events.some((event) => event.id === marker.id)).toBe(true), { timeout: 5000, interval: 10 });
        expect(events.map((event) => event.collection)).toEqual(['ingredients']);
      } finally {
        stop();
      }
    });
  });
}
