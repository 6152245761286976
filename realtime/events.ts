// The envelope every client receives, and how the change feed hands events to the transports (the
// data each event type carries is in event-data.ts).
import type { RealtimeEvent } from './event-data.js';
import type { Channel } from './rooms.js';

export { StockLevel, StockUpdate } from './event-data.js';
export type { DishAvailability, EventData, EventType, KitchenOrder, RealtimeEvent } from './event-data.js';

/** What goes on the wire: `id` grows by one per envelope in this process, `at` is when it was made. */
export type Envelope = RealtimeEvent & { id: number; at: string };

/** `everyone` is every connected client, subscribed or not. */
export type Audience = readonly Channel[] | 'everyone';

/** One event for a set of rooms; a client in several of them receives it once. */
export interface Delivery {
  rooms: Audience;
  event: RealtimeEvent;
}

/** One envelope for a set of rooms, as the change feed hands it to the transports. */
export interface Sent {
  rooms: Audience;
  envelope: Envelope;
}

/** Sends one envelope to its rooms. */
export type Broadcast = (rooms: Audience, envelope: Envelope) => void;

/**
 * Sends the envelopes of one commit, in order, in one go: a transport writes everything one client
 * gets of them at once (one system call per client rather than one per envelope).
 */
export type BatchBroadcast = (batch: readonly Sent[]) => void;

/** What the change feed knows transports by: one envelope at a time, or a commit's at once. */
export type Broadcaster = Broadcast | { batch: BatchBroadcast; audience?: Audible };

/**
 * Whether any client could receive a broadcast now: connected, or away but recoverable within the
 * recovery window. Without one, a commit is not routed at all (absent: always routed).
 */
export type Audible = () => boolean;

/** Stamps events with the process-wide sequence number and the current time. */
export function envelopeStamper(now: () => Date = () => new Date()): (event: RealtimeEvent) => Envelope {
  let lastId = 0;
  return (event) => ({ ...event, id: ++lastId, at: now().toISOString() });
}
