// What people do with the printers: see how each one is (GET /printers), reprint a ticket, print a
// test chit. Access is decided here, at the top of each operation.
import { randomUUID } from 'node:crypto';
import type { PrinterStatus } from '../../models/printer.js';
import type { Principal } from '../accounts/principal.js';
import { requireKitchenStaff, requireManager } from '../accounts/access.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import { asStation } from '../kitchen/stations.js';
import type { Settings } from '../../models/settings.js';
import { testChit } from './chit.js';
import { reprintCause } from './causes.js';
import type { PrintDesk } from './desk.js';
import { jobId, makeJob, type NewJob } from './jobs.js';

/** The settings in memory (settings.ts's SettingsBook), read through `current()` only: settings.ts imports printers/. */
export type PrinterDeps = Deps & { printing: PrintDesk; settings: { current(): Settings } };

/** What a print request answers: the jobs made, for which printers. */
export interface PrintAccepted {
  jobs: { id: string; printer_id: string }[];
}

/** GET /printers: each printer of the settings with how it is now. */
export async function listPrinters({ printing, settings }: PrinterDeps, principal: Principal | null): Promise<PrinterStatus[]> {
  requireKitchenStaff(principal, 'see the printers');
  return Promise.all(settings.current().printers.map((printer) => printing.status(printer)));
}

/** POST /orders/{id}/tickets/{station}/print: the station's fired tickets of the order, again, marked REPRINT. */
export async function reprintTicket(
  deps: PrinterDeps,
  principal: Principal | null,
  orderId: string,
  stationName: string,
  which: { course?: number; round?: number },
): Promise<PrintAccepted> {
  requireKitchenStaff(principal, 'reprint tickets');
  const { store, now, printing, settings } = deps;
  const station = asStation(stationName);
  const order = await store.collection('orders').get(orderId);
  if (!order) throw notFound(`No order with id ${orderId}.`);
  const tickets = order.tickets.filter(
    (ticket) =>
      ticket.station === station &&
      (which.course === undefined || (ticket.course ?? 1) === which.course) &&
      (which.round === undefined || (ticket.round ?? 1) === which.round),
  );
  if (tickets.length === 0)
    throw notFound(`Order ${orderId} has no ${station} ticket${which.course === undefined ? '' : ` in course ${which.course}`}.`);
  const fired = tickets.filter((ticket) => ticket.fired_at !== null);
  if (fired.length === 0) throw conflict(`The ${station} ticket of order ${orderId} has not fired yet: there is nothing to reprint.`);
  const printers = settings.current().printers.filter((printer) => printer.stations.includes(station));
  if (printers.length === 0) throw conflict(`No printer prints the ${station} station: add one in the settings (printers).`);
  const request = randomUUID();
  const at = now().toISOString();
  const chosen = new Set(printers.map((printer) => printer.id));
  const causes = fired.map((ticket) => reprintCause(order, ticket, request, at));
  const jobs = await printing.spool.jobsFor(order, causes, (printer) => chosen.has(printer.id));
  return stored(deps, jobs);
}

/**
 * Stores a person's jobs in one write whose result is the request's answer, so a retried request
 * (its Idempotency-Key) is answered as the first was and makes no job again.
 */
async function stored({ store, now, printing }: PrinterDeps, jobs: readonly NewJob[]): Promise<PrintAccepted> {
  const answer = await store.transaction(async (tx) => {
    for (const job of jobs) await makeJob(tx, job, now());
    return { jobs: jobs.map(({ id, printer_id }) => ({ id, printer_id })) };
  });
  for (const printerId of new Set(jobs.map((job) => job.printer_id))) printing.wake(printerId);
  return answer;
}

/** POST /printers/{id}/test: a test chit, to see that the printer works and where it stands. */
export async function printTestChit(deps: PrinterDeps, principal: Principal | null, printerId: string): Promise<PrintAccepted> {
  requireManager(principal, 'print a test chit');
  const printer = deps.settings.current().printers.find((candidate) => candidate.id === printerId);
  if (!printer) throw notFound(`No printer with id ${printerId} in the settings.`);
  const chit = testChit(printer, deps.now().toISOString(), deps.settings.current().time_zone);
  return stored(deps, [{ id: jobId(printer.id, 'test', randomUUID()), printer_id: printer.id, chit }]);
}
