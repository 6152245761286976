// The kitchen's printers as one service: a worker per printer of the settings (started, changed and
// stopped as the settings change), the spool that makes their jobs, and the watch on the stations'
// boards that starts a fallback printer's takeover.
import type { FastifyBaseLogger } from 'fastify';
import type { DishDoc, Station } from '../../models/dish.js';
import type { Printer } from '../../models/printer.js';
import type { Store } from '../../store/types.js';
import type { KitchenBook } from '../views/kitchen-book.js';
import { openTicketCauses } from './causes.js';
import { PrintSpool } from './spool.js';
import { StationWatch, type StationPresence } from './takeover.js';
import { PrinterWorker, type PrintTimings } from './worker.js';

export interface PrintDeskDeps {
  store: Store;
  now: () => Date;
  log: FastifyBaseLogger;
  kitchen: KitchenBook;
  printers: () => readonly Printer[];
  timeZone: () => string;
  dishes: () => Promise<ReadonlyMap<string, DishDoc>>;
  timings: PrintTimings;
}

export class PrintDesk {
  readonly spool: PrintSpool;
  readonly watch: StationWatch;
  private readonly workers = new Map<string, PrinterWorker>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PrintDeskDeps) {
    this.watch = new StationWatch(deps.store, deps.timings.takeoverAfterMs);
    this.spool = new PrintSpool({
      ...deps,
      takeover: (station) => this.watch.takeover(station),
      made: (printerId) => this.workers.get(printerId)?.wake(),
    });
  }

  /** The realtime layer's view of the stations' boards. */
  watchBoards(presence: StationPresence): void {
    this.watch.watch(presence);
  }

  /** The times it runs by (tests shorten them; production runs DEFAULT_PRINT_TIMINGS). */
  get timings(): PrintTimings {
    return this.deps.timings;
  }

  async start(): Promise<void> {
    this.arrange();
    // Before the spool catches up: a takeover under way before a restart carries on.
    await this.watch.load(this.fallbackStations());
    await this.spool.start();
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick()).catch((error: unknown) => this.deps.log.error({ err: error }, 'printer desk'));
    }, this.deps.timings.watchEveryMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await this.spool.stop();
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    this.workers.clear();
  }

  /** The worker of each printer of the settings, for GET /printers. */
  worker(printerId: string): PrinterWorker | undefined {
    return this.workers.get(printerId);
  }

  /** Wakes a printer's worker: a job was made for it outside the spool. */
  wake(printerId: string): void {
    this.workers.get(printerId)?.wake();
  }

  private async tick(): Promise<void> {
    this.arrange();
    const now = this.deps.now();
    for (const { takeover, begun } of await this.watch.tick(now.getTime(), this.fallbackStations())) {
      const { station, silent_since, began } = takeover;
      const fallback = (printer: Printer) => printer.mode === 'fallback' && printer.stations.includes(station);
      if (begun)
        this.deps.log.warn(
          { station, takeover },
          `no ${station} board has been heard since ${silent_since}: its fallback printers take over`,
        );
      // Learned of (another instance began it, or it was under way before a restart): its open
      // tickets' jobs are made again, which makes only those its beginner did not get to (same ids).
      const orders = await this.deps.kitchen.inStatus(['Received', 'In Progress', 'Ready for Assembly']);
      for (const order of orders) await this.spool.print(order, openTicketCauses(order, station, silent_since, began), fallback);
    }
  }

  /** The stations a fallback printer serves. */
  private fallbackStations(): Set<Station> {
    return new Set(this.deps.printers().flatMap((printer) => (printer.mode === 'fallback' ? printer.stations : [])));
  }

  /** One worker per printer of the settings, as they are now (a changed printer gets a new one). */
  private arrange(): void {
    const wanted = new Map(this.deps.printers().map((printer) => [printer.id, printer]));
    for (const [id, worker] of this.workers) {
      if (JSON.stringify(wanted.get(id)) === JSON.stringify(worker.printer)) continue;
      this.workers.delete(id);
      void worker.stop();
    }
    for (const [id, printer] of wanted) {
      if (!this.workers.has(id))
        this.workers.set(id, new PrinterWorker(printer, this.deps.store, this.deps.now, this.deps.timings, this.deps.log));
    }
  }
}
