// The one mechanism behind the in-memory views' loads: the newest load wins, and the changes heard
// while it ran are applied after it, in order.
import { describe, expect, it } from 'vitest';
import { LoadWhileChanging } from '../../../domain/views/load-while-changing.js';

/** A promise resolved (or rejected) by hand, as a store read that is still in flight. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A view of named values: a load installs a whole map; a change sets one name. */
function view() {
  const seen: string[] = [];
  let values = new Map<string, number>();
  const changes = new LoadWhileChanging<[string, number]>(([name, value]) => {
    seen.push(`${name}=${value}`);
    values.set(name, value);
  });
  const install = (loaded: Map<string, number>) => {
    seen.push(`loaded ${[...loaded].map(([n, v]) => `${n}=${v}`).join(',')}`);
    values = loaded;
  };
  return { changes, install, seen, values: () => Object.fromEntries(values) };
}

describe('a load while changes arrive', () => {
  it('applies a change at once when no load is in flight', () => {
    const v = view();
    v.changes.hear(['soup', 1]);
    expect(v.seen).toEqual(['soup=1']);
  });

  it('holds the changes heard during a load and applies them after it, in order', async () => {
    const v = view();
    const read = pending<Map<string, number>>();
    const loading = v.changes.load(() => read.promise, v.install);
    v.changes.hear(['soup', 2]);
    v.changes.hear(['soup', 3]);
    v.changes.hear(['tea', 1]);
    expect(v.seen).toEqual([]);
    read.resolve(new Map([['soup', 1]]));
    expect(await loading).toBe(true);
    expect(v.seen).toEqual(['loaded soup=1', 'soup=2', 'soup=3', 'tea=1']);
    expect(v.values()).toEqual({ soup: 3, tea: 1 });
    v.changes.hear(['tea', 2]);
    expect(v.seen.at(-1)).toBe('tea=2');
  });

  it('lets the newest load win: an older one finishing later is dropped, and every change held is applied once', async () => {
    const v = view();
    const older = pending<Map<string, number>>();
    const newer = pending<Map<string, number>>();
    const first = v.changes.load(() => older.promise, v.install);
    v.changes.hear(['soup', 2]);
    const second = v.changes.load(() => newer.promise, v.install);
    v.changes.hear(['soup', 3]);
    newer.resolve(new Map([['soup', 2]]));
    expect(await second).toBe(true);
    older.resolve(new Map([['soup', 1]]));
    expect(await first).toBe(false);
    expect(v.seen).toEqual(['loaded soup=2', 'soup=2', 'soup=3']);
    expect(v.values()).toEqual({ soup: 3 });
  });

  it('leaves the view as it was when the read fails, with the changes heard meanwhile applied, and rethrows', async () => {
    const v = view();
    v.changes.hear(['soup', 1]);
    const read = pending<Map<string, number>>();
    const loading = v.changes.load(() => read.promise, v.install);
    v.changes.hear(['soup', 2]);
    read.reject(new Error('the store is down'));
    await expect(loading).rejects.toThrow('the store is down');
    expect(v.seen).toEqual(['soup=1', 'soup=2']);
    v.changes.hear(['soup', 3]);
    expect(v.values()).toEqual({ soup: 3 });
  });

  it('still applies the held changes when installing throws', async () => {
    const v = view();
    const read = pending<Map<string, number>>();
    const loading = v.changes.load(
      () => read.promise,
      () => {
        throw new Error('a bad document');
      },
    );
    v.changes.hear(['soup', 2]);
    read.resolve(new Map());
    await expect(loading).rejects.toThrow('a bad document');
    expect(v.seen).toEqual(['soup=2']);
  });
});
