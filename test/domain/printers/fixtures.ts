// What the printer tests share: a started app with short printer timings, a test printer on a free
// port (a data directory for restarts comes with the app fixtures), and the settings that put one in front of a station.
import { expect, vi } from 'vitest';
import type { Printer, PrinterInput } from '../../../models/printer.js';
import { startTwin, type TestApp, type TwinApp } from '../../helpers/app.js';
import { test as base } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { TestPrinter } from '../../helpers/test-printer.js';

/** Retries every 50–400 ms, answers within 1 s: a printer down "for a minute" is down for a second or two here. */
export const QUICK_PRINTING = {
  retryMinMs: 50,
  retryMaxMs: 400,
  answerMs: 1000,
  idleCheckMs: 200,
  takeoverAfterMs: 30_000,
  watchEveryMs: 100,
};

/**
 * The fallback tests: production's grace of 30 s, driven by the app's clock (the tests move it
 * on once a board is silent), looked at every 25 ms.
 */
export const FALLBACK_PRINTING = { ...QUICK_PRINTING, watchEveryMs: 25 };

export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  .extend('printer', async ({}, { onCleanup }) => {
    const printer = await TestPrinter.start();
    onCleanup(() => printer.close());
    return printer;
  })
  .extend('t', async ({ startApp }) => startApp({ printTimings: QUICK_PRINTING }))
  .extend('menu', async ({ t }) => seedMenu(t))
  /** Starts another instance on `t`'s store (closed before `t`). */
  .extend('startTwin', async ({ t }, { onCleanup }) => {
    const twins: TwinApp[] = [];
    onCleanup(async () => {
      await Promise.all(twins.map((twin) => twin.close()));
    });
    return async (options: Parameters<typeof startTwin>[1] = {}) => {
      const twin = await startTwin(t, options);
      twins.push(twin);
      return twin;
    };
  });

/** Puts these printers in the settings; returns them as stored. */
export async function setPrinters(t: TestApp, printers: PrinterInput[]): Promise<Printer[]> {
  const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { printers } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ printers: Printer[] }>().printers;
}

export const onPrinter = (
  printer: TestPrinter,
  stations: PrinterInput['stations'],
  mode: PrinterInput['mode'] = 'always',
): PrinterInput => ({
  name: `${mode} ${stations.join('+')}`,
  host: '127.0.0.1',
  port: printer.port,
  stations,
  mode,
});

/** Waits until the printer has printed `count` chits (and a moment more, to see none follows). */
export async function printed(printer: TestPrinter, count: number, timeout = 10_000): Promise<string[][]> {
  await vi.waitFor(() => expect(printer.chits.length).toBeGreaterThanOrEqual(count), { timeout, interval: 20 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(printer.chits).toHaveLength(count);
  return printer.texts();
}
