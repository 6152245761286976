// What people do with the printers: see how each one is (GET /printers), reprint a ticket, print a
// test chit. Access is decided here, at the top of each operation.
import { randomUUID } from 'node:crypto';
import type { PrinterStatus } from '../../models/printer.js';
import type { Principal } from '../accounts/principal.js';
import { requireKitchenStaff, requireManager } from '../accounts/access.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import { asStation } from '../orders/stations.js';
import type { SettingsBook } from '../settings.js';
import { testChit, type PrintedTicket } from './chit.js';
import { reprintCause } from './causes.js';
import type { PrintDesk } from './desk.js';
import { countWaiting, jobId, makeJob } from './jobs.js';

export type PrinterDeps = Deps & { printing: PrintDesk; settings: SettingsBook };

/** What a print request answers: the jobs made, for which printers. */
export interface PrintAccepted {
  jobs: { id: string; printer_id: string }[];
}

/** GET /printers: each printer of the settings with how it is now. */
export async function listPrinters({ store, printing, settings }: PrinterDeps, principal: Principal | null): Promise<PrinterStatus[]> {
  requireKitchenStaff(principal, 'see the printers');
  return Promise.all(
    settings.current().printers.map(async (printer) => {
      const condition = printing.worker(printer.id)?.condition ?? {
        state: 'unreachable' as const,
        last_error: 'not asked yet',
        checked_at: null,
      };
      const taken_over = printer.mode === 'fallback' ? printer.stations.filter((station) => printing.watch.takeover(station) !== null) : [];
      return { ...printer, ...condition, jobs_waiting: await countWaiting(store, printer.id), taken_over };
    }),
  );
}

/** POST /orders/{id}/tickets/{station}/print: the station's fired tickets of the order, again, marked REPRINT. */
export async function reprintTicket(
  { store, now, printing, settings }: PrinterDeps,
  principal: Principal | null,
  orderId: string,
  stationName: string,
  which: { course?: number; round?: number },
): Promise<PrintAccepted> {
  requireKitchenStaff(principal, 'reprint tickets');
  const station = asStation(stationName);
  const order = await store.collection('orders').get(orderId);
  if (!order) throw notFound(`No order with id ${orderId}.`);
  const tickets = (order.tickets as PrintedTicket[]).filter(
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
  await printing.spool.print(
    order,
    fired.map((ticket) => reprintCause(order, ticket, request, at)),
    (printer) => chosen.has(printer.id),
  );
  return {
    jobs: fired.flatMap((ticket) =>
      printers.map((printer) => ({ id: jobId(printer.id, reprintCause(order, ticket, request, at).key), printer_id: printer.id })),
    ),
  };
}

/** POST /printers/{id}/test: a test chit, to see that the printer works and where it stands. */
export async function printTestChit(
  { store, now, printing, settings }: PrinterDeps,
  principal: Principal | null,
  printerId: string,
): Promise<PrintAccepted> {
  requireManager(principal, 'print a test chit');
  const printer = settings.current().printers.find((candidate) => candidate.id === printerId);
  if (!printer) throw notFound(`No printer with id ${printerId} in the settings.`);
  const at = now();
  const id = jobId(printer.id, 'test', randomUUID());
  await makeJob(store, { id, printer_id: printer.id, chit: testChit(printer, at.toISOString(), settings.current().time_zone) }, at);
  printing.wake(printer.id);
  return { jobs: [{ id, printer_id: printer.id }] };
}
