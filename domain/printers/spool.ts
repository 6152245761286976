// Where print jobs come from: the orders' change feed. Each committed order change is read for
// what it newly causes to print (causes.ts), and a job is stored for every printer that prints it,
// after the order's own write: an order's request never waits for a printer, nor for this.
//
// Durable without joining the order's transaction: a job's id is derived from its cause, so making
// it twice is a no-op; a bookmark (print_spool) records how far the changes have been read, and a
// start reads again every order changed since it (less a margin), so a change committed just before
// a crash still gets its jobs. Fallback printers print only while their station is taken over; the
// takeover is kept in the store (takeover.ts), so a restart's catch-up makes their jobs of what
// happened since it began, and the open tickets it printed when it began are not printed again.
import type { FastifyBaseLogger } from 'fastify';
import type { DishDoc, Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { Printer } from '../../models/printer.js';
import type { Takeover } from './takeover.js';
import type { ChangeEvent, Store } from '../../store/types.js';
import { buildChit } from './chit.js';
import { causesOf, newCauses, type PrintCause } from './causes.js';
import { jobId, makeJobs, type NewJob } from './jobs.js';

/** The spool's one bookmark document. */
export const SPOOL_ID = '5907105907105907105907aa';
/** Changes committed out of clock order (several instances, a slow commit) are read again this far back. */
const CATCH_UP_MARGIN_MS = 2 * 60_000;
/** How often the bookmark is written while changes come in. */
const BOOKMARK_EVERY_MS = 2000;
/**
 * The changes heard within this long have their jobs made in one write: in a rush, one commit for
 * many orders instead of one more commit per order beside the orders' own (bench/printers.ts).
 */
const GATHER_MS = 25;

export interface SpoolDeps {
  store: Store;
  now: () => Date;
  log: FastifyBaseLogger;
  printers: () => readonly Printer[];
  timeZone: () => string;
  dishes: () => Promise<ReadonlyMap<string, DishDoc>>;
  /** The takeover under way at the station, or null while a board is live. */
  takeover: (station: Station) => Takeover | null;
  /** Told when a job was made for a printer. */
  made: (printerId: string) => void;
}

/** Picks the printers, and for each the causes, that jobs are made for. */
export type Only = (printer: Printer, cause: PrintCause) => boolean;

export class PrintSpool {
  private chain: Promise<void> = Promise.resolve();
  /** Order changes heard and not yet made into jobs. */
  private pending: ChangeEvent[] = [];
  private heardThrough: string | null = null;
  private written: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SpoolDeps) {}

  /** Follows the change feed, then catches up on what changed since the bookmark. */
  async start(): Promise<void> {
    const { store } = this.deps;
    this.unsubscribe = store.onChange((event) => this.heard(event));
    const bookmark = await store.collection('print_spool').get(SPOOL_ID);
    if (bookmark) await this.catchUp(new Date(Date.parse(bookmark.heard_through) - CATCH_UP_MARGIN_MS).toISOString());
    else this.heardThrough = this.deps.now().toISOString();
    await this.writeBookmark();
    this.timer = setInterval(() => void this.writeBookmark().catch(() => {}), BOOKMARK_EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.chain;
    await this.writeBookmark().catch(() => {});
  }

  /**
   * Makes the jobs of these causes, resolving once they are stored; returns how many were new. With
   * `only`, for exactly the printers and causes it picks (whatever the mode); without, for those
   * printing now: every `always` printer, and `fallback` ones whose station is taken over.
   */
  async print(order: OrderDoc, causes: readonly PrintCause[], only?: Only): Promise<number> {
    const made = await makeJobs(this.deps.store, await this.jobsFor(order, causes, only), this.deps.now());
    for (const printerId of new Set(made.map((job) => job.printer_id))) this.deps.made(printerId);
    return made.length;
  }

  /** The jobs `print` would store, each with its chit, for the caller to store. */
  async jobsFor(order: OrderDoc, causes: readonly PrintCause[], only?: Only): Promise<NewJob[]> {
    const printers = this.deps.printers();
    if (causes.length === 0 || printers.length === 0) return [];
    const dishes = await this.deps.dishes();
    const timeZone = this.deps.timeZone();
    const jobs: NewJob[] = [];
    for (const cause of causes) {
      const station = cause.ticket.station;
      for (const printer of printers) {
        if (!printer.stations.includes(station) || (only && !only(printer, cause))) continue;
        if (!only && printer.mode === 'fallback' && this.deps.takeover(station) === null) continue;
        const chit = buildChit({ order, ticket: cause.ticket, dishes, marker: cause.marker, scope: cause.scope, timeZone });
        jobs.push({ id: jobId(printer.id, cause.key), printer_id: printer.id, chit });
      }
    }
    return jobs;
  }

  /** Resolves once every change heard so far has its jobs. */
  idle(): Promise<void> {
    return this.chain;
  }

  private heard(event: ChangeEvent): void {
    if (event.collection !== 'orders') return;
    this.pending.push(event);
    // One gathering at a time: changes heard meanwhile join it.
    if (this.pending.length > 1) return;
    this.chain = this.chain.then(() => new Promise((resolve) => setTimeout(resolve, GATHER_MS))).then(() => this.makePending());
  }

  /** The jobs of the changes gathered, in the order heard, in one write. */
  private async makePending(): Promise<void> {
    const events = this.pending.splice(0);
    const jobs: NewJob[] = [];
    let through: string | null = null;
    for (const event of events) {
      const before = event.before as OrderDoc | null;
      const after = event.after as OrderDoc | null;
      const at = after?.updated_at ?? this.deps.now().toISOString();
      try {
        jobs.push(...(await this.jobsFor(after ?? before!, newCauses(before, after, at))));
        if (through === null || at > through) through = at;
      } catch (error) {
        this.deps.log.error({ err: error, order: event.id }, 'print spool: jobs of an order change not made');
      }
    }
    try {
      const made = await makeJobs(this.deps.store, jobs, this.deps.now());
      for (const printerId of new Set(made.map((job) => job.printer_id))) this.deps.made(printerId);
      if (through !== null) this.advance(through);
    } catch (error) {
      this.deps.log.error({ err: error, orders: events.map((event) => event.id) }, 'print spool: jobs of order changes not made');
    }
  }

  private advance(at: string): void {
    if (this.heardThrough === null || at > this.heardThrough) this.heardThrough = at;
  }

  /** Every order changed since `from`: the jobs of what happened since then (made before, they are not made again). */
  private async catchUp(from: string): Promise<void> {
    const orders = await this.deps.store.collection('orders').find([{ field: 'updated_at', op: 'gte', value: from }]);
    let made = 0;
    // Fallback printers: what happened since their takeover began (what was open then printed then).
    const printing: Only = (printer, cause) =>
      printer.mode === 'always' || cause.at >= (this.deps.takeover(cause.ticket.station)?.began ?? '\uffff');
    for (const order of orders) {
      made += await this.print(
        order,
        causesOf(order).filter((cause) => cause.at >= from),
        printing,
      );
      this.advance(order.updated_at);
    }
    this.advance(this.deps.now().toISOString());
    if (made > 0) this.deps.log.info({ jobs: made, since: from }, 'print spool: jobs made for changes committed before the restart');
  }

  private async writeBookmark(): Promise<void> {
    const through = this.heardThrough;
    if (through === null || through === this.written) return;
    const spool = this.deps.store.collection('print_spool');
    const updated = await spool.update(SPOOL_ID, { set: { heard_through: through } });
    if (!updated)
      await spool.insert({ id: SPOOL_ID, heard_through: through }).catch(() => spool.update(SPOOL_ID, { set: { heard_through: through } }));
    this.written = through;
  }
}
