// Records the change events a piece of work commits, as raw events or as normalized changes.
import { normalize, type Change } from '../../../realtime/normalize.js';
import type { ChangeEvent, Store } from '../../../store/types.js';

export async function captureEvents(store: Store, work: () => Promise<unknown>): Promise<ChangeEvent[]> {
  const events: ChangeEvent[] = [];
  const stop = store.onChange((event) => events.push(event));
  try {
    await work();
  } finally {
    stop();
  }
  return events;
}

export async function captureChanges(store: Store, work: () => Promise<unknown>): Promise<Change[]> {
  return (await captureEvents(store, work)).flatMap((event) => normalize(event) ?? []);
}
