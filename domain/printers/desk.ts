// The kitchen's printers as one service: a worker per printer of the settings (started, changed and
// stopped as the settings change), the spool that makes their jobs, the watch on the stations'
// boards that starts a fallback printer's takeover, and each printer's state as the screens see it.
import type { FastifyBaseLogger } from 'fastify';
import type { DishDoc, Station } from '../../models/dish.js';
import type { Printer, PrinterStatus } from '../../models/printer.js';
import type { Store } from '../../store/types.js';
import type { KitchenBook } from '../views/kitchen-book.js';
import { openTicketCauses } from './causes.js';
import { countWaiting } from './jobs.js';
import { PrinterStates } from './states.js';
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

/** Every printer's state is looked at this often even when nothing here changed it (another instance may have). */
const STATE_SWEEP_MS = 5000;

export class PrintDesk {
  readonly spool: PrintSpool;
  readonly watch: StationWatch;
  private readonly states: PrinterStates;
  private readonly workers = new Map<string, PrinterWorker>();
  /** Printers whose state may have changed since it was last reported. */
  private readonly touched = new Set<string>();
  private lastSweep = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PrintDeskDeps) {
    this.watch = new StationWatch(deps.store, deps.timings.takeoverAfterMs);
    this.states = new PrinterStates(deps.store);
    this.spool = new PrintSpool({
      ...deps,
      takeover: (station) => this.watch.takeover(station),
      made: (printerId) => this.wake(printerId),
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
    this.states.close();
  }

  /** The printer as it is now: whether it answers, what waits for it, what it has taken over (GET /printers, `printer.state`). */
  async status(printer: Printer): Promise<PrinterStatus> {
    const condition = this.workers.get(printer.id)?.condition ?? {
      state: 'unreachable' as const,
      last_error: 'not asked yet',
      checked_at: null,
    };
    const taken_over = printer.mode === 'fallback' ? printer.stations.filter((station) => this.watch.takeover(station) !== null) : [];
    return { ...printer, ...condition, jobs_waiting: await countWaiting(this.deps.store, printer.id), taken_over };
  }

  /** A job was made for the printer: its worker looks at once, and its state is told. */
  wake(printerId: string): void {
    this.touched.add(printerId);
    this.workers.get(printerId)?.wake();
  }

  private async tick(): Promise<void> {
    this.arrange();
    const now = this.deps.now();
    const takenBefore = this.takenOver();
    await this.takeOver(now);
    if (this.takenOver() !== takenBefore)
      for (const printer of this.deps.printers()) if (printer.mode === 'fallback') this.touched.add(printer.id);
    await this.reportStates();
  }

  /** Tells the printers' states that may have changed (all of them now and then). */
  private async reportStates(): Promise<void> {
    if (Date.now() - this.lastSweep >= STATE_SWEEP_MS) {
      this.lastSweep = Date.now();
      for (const printer of this.deps.printers()) this.touched.add(printer.id);
    }
    for (const printer of this.deps.printers()) {
      if (!this.touched.delete(printer.id)) continue;
      await this.states.report(await this.status(printer));
    }
  }

  private takenOver(): string {
    return [...this.fallbackStations()].filter((station) => this.watch.takeover(station) !== null).join();
  }

  private async takeOver(now: Date): Promise<void> {
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
      if (!wanted.has(id))
        void this.states.forget(id).catch((error: unknown) => this.deps.log.warn({ err: error }, 'printer state not removed'));
    }
    for (const [id, printer] of wanted) {
      if (this.workers.has(id)) continue;
      const changed = () => void this.touched.add(id);
      this.workers.set(id, new PrinterWorker(printer, this.deps.store, this.deps.now, this.deps.timings, this.deps.log, changed));
      this.touched.add(id);
    }
  }
}
