// How a board keeps its records in step (web/public/js/lib/sync.js, a browser module with no DOM use):
// events held while a snapshot loads are replayed on it, and each render says whether a record
// appeared, which is what chimes on the kitchen's boards: a new order by an event, or in a snapshot
// after the first (orders placed while a board reconnected), never the board's first load.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain browser module without type declarations
import { createSync } from '../../web/public/js/lib/sync.js';

interface Order {
  id: string;
}
interface Sync {
  resync(): Promise<void>;
  receive(event: Order): void;
  records(): Map<string, Order>;
}

/** A sync whose loads the test answers one at a time, and the renders it asked for. */
function board() {
  const answers: ((orders: Order[]) => void)[] = [];
  const renders: [string, unknown][] = [];
  const sync: Sync = createSync({
    load: () => new Promise<Order[]>((resolve) => answers.push(resolve)),
    // An event adds its order; true when the order was not there before (as the boards' books do).
    apply: (records: Map<string, Order>, order: Order) => !records.has(order.id) && (records.set(order.id, order), true),
    render: (reason: string, appeared: unknown) => renders.push([reason, appeared]),
    onError: (error: Error) => {
      throw error;
    },
  });
  /** Starts a load, hears an event for each of `heard` while it is in flight, and answers it with `ids`. */
  const load = async (ids: string[], heard: string[] = []) => {
    const loading = sync.resync();
    for (const id of heard) sync.receive({ id });
    answers.shift()?.(ids.map((id) => ({ id })));
    await loading;
  };
  return { sync, renders, answers, load };
}

describe("a board's records in step", () => {
  it('says nothing appeared on its first load, however many orders it brings', async () => {
    const { sync, renders, load } = board();
    await load(['a', 'b']);
    expect(renders).toStrictEqual([['snapshot', false]]);
    expect([...sync.records().keys()]).toStrictEqual(['a', 'b']);
  });

  it('says an order appeared when a later load brings one it did not show, not when it brings the same', async () => {
    const { renders, load } = board();
    await load(['a']);
    await load(['a']);
    await load(['a', 'c']);
    await load(['c']);
    expect(renders).toStrictEqual([
      ['snapshot', false],
      ['snapshot', false],
      ['snapshot', true],
      ['snapshot', false],
    ]);
  });

  it('replays the events heard while a load was in flight, and says so when one of them brought a new order', async () => {
    const { sync, renders, answers, load } = board();
    const first = sync.resync();
    sync.receive({ id: 'b' });
    expect(renders).toStrictEqual([]);
    answers.shift()?.([{ id: 'a' }]);
    await first;
    expect([...sync.records().keys()]).toStrictEqual(['a', 'b']);
    expect(renders).toStrictEqual([['snapshot', true]]);

    // Heard during the next load and in its snapshot too: new to the board all the same, once.
    await load(['a', 'b', 'c'], ['c']);
    expect(renders.at(-1)).toStrictEqual(['snapshot', true]);
    // Heard again during a third load: the board shows it already.
    await load(['a', 'b', 'c'], ['c']);
    expect(renders.at(-1)).toStrictEqual(['snapshot', false]);
  });

  it('renders an event at once once loaded, saying whether its order is new', async () => {
    const { sync, renders, load } = board();
    await load(['a']);
    sync.receive({ id: 'b' });
    sync.receive({ id: 'b' });
    expect(renders).toStrictEqual([
      ['snapshot', false],
      ['event', true],
      ['event', false],
    ]);
  });

  it('keeps only the newest load when two overlap: the older answer is dropped unseen', async () => {
    const { sync, renders, answers } = board();
    const older = sync.resync();
    const newer = sync.resync();
    answers[1]?.([{ id: 'new' }]);
    await newer;
    answers[0]?.([{ id: 'old' }]);
    await older;
    expect([...sync.records().keys()]).toStrictEqual(['new']);
    expect(renders).toStrictEqual([['snapshot', false]]);
  });
});
