// The change feed: one per process. It follows the store's committed changes, groups each commit's
// events into a batch, turns batches into deliveries one at a time (so envelopes leave in commit
// order) and hands each batch's envelopes together to the injected broadcast. It knows nothing of
// sockets.
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMenu } from '../domain/menu/menu.js';
import type { ChangeEvent, Store } from '../store/types.js';
import { envelopeStamper, type Broadcaster, type Delivery } from './events.js';
import { kitchenViewAt } from './kitchen-view.js';
import { isUnroutableDeletion, normalize } from './normalize.js';
import { AllDayBoard } from './policies/all-day.js';
import { deliveriesFor } from './policies/index.js';

/** A commit's events; `heard` is whether any client could receive them when they were committed. */
type Work = { kind: 'batch'; events: ChangeEvent[]; heard: boolean } | { kind: 'resync'; reason: string; heard: boolean };

const resync = (reason: string): Delivery => ({ rooms: 'everyone', event: { type: 'resync', data: { reason } } });

export interface ChangeFeed {
  /** Stops following the store and waits for the work already received to be broadcast. */
  stop(): Promise<void>;
}

export interface FeedOptions {
  /** The clock (all-day counts: which Drafts fire soon). */
  now?: () => Date;
  /** The server's live menu, opened before the feed (so it has applied each change the feed receives): dishes and stock are read from it. */
  menu: LiveMenu;
  /** The `low_portions` setting now (the restaurant's settings, kept in memory). */
  lowPortions?: () => number;
}

export function startChangeFeed(
  store: Store,
  broadcast: Broadcaster,
  log: FastifyBaseLogger,
  { now = () => new Date(), menu, lowPortions }: FeedOptions,
): ChangeFeed {
  const stamp = envelopeStamper();
  const audible = typeof broadcast === 'function' || !broadcast.audience ? () => true : broadcast.audience;
  const allDay = new AllDayBoard(store, now);
  const queue: Work[] = [];
  let openBatch: ChangeEvent[] | null = null;
  let draining: Promise<void> | null = null;

  // Stamped in the order they leave, so ids grow in the order every client receives them.
  const send = (deliveries: Delivery[]) => {
    const batch = deliveries.map(({ rooms, event }) => ({ rooms, envelope: stamp(event) }));
    if (typeof broadcast === 'function') batch.forEach(({ rooms, envelope }) => broadcast(rooms, envelope));
    else if (batch.length > 0) broadcast.batch(batch);
  };
  const later = () => queue.flatMap((work) => (work.kind === 'batch' ? work.events : []));

  async function handle(work: Work): Promise<void> {
    // Nobody to tell: nothing is routed, and the all-day counts this work changed are loaded
    // afresh for the next batch somebody can hear.
    if (!work.heard) return allDay.reset();
    if (work.kind === 'resync') {
      allDay.reset();
      return send([resync(work.reason)]);
    }
    const changes = work.events.flatMap((event) => normalize(event) ?? []);
    try {
      if (changes.length > 0) send(await deliveriesFor(changes, kitchenViewAt(menu, later), allDay, lowPortions?.()));
    } catch (err) {
      // Screens would silently miss this change: tell them to reload instead.
      log.error({ err }, 'realtime: could not route a committed change');
      return send([resync('A change could not be delivered.')]);
    }
    if (work.events.some(isUnroutableDeletion)) send([resync('Something was deleted that could not be routed.')]);
  }

  async function drain(): Promise<void> {
    for (let work = queue.shift(); work; work = queue.shift()) {
      await handle(work).catch((err: unknown) => log.error({ err }, 'realtime: broadcast failed'));
    }
    draining = null;
  }

  function enqueue(work: Work): void {
    queue.push(work);
    draining ??= Promise.resolve().then(drain);
  }

  // A commit's events arrive together, synchronously: everything before the next microtask is one batch.
  // A replayed commit (made before this instance started; its screens loaded after it) is heard by
  // nobody: not pushed as a live change, and the all-day counts are loaded afresh.
  const unsubscribeChanges = store.onChange((event) => {
    if (openBatch) return void openBatch.push(event);
    openBatch = [event];
    enqueue({ kind: 'batch', events: openBatch, heard: !event.replayed && audible() });
    queueMicrotask(() => (openBatch = null));
  });
  const unsubscribeResync = store.onResync((reason) => enqueue({ kind: 'resync', reason, heard: audible() }));

  return {
    async stop() {
      unsubscribeChanges();
      unsubscribeResync();
      await draining;
    },
  };
}
