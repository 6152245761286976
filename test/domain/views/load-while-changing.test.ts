// The one mechanism behind the in-memory views' loads: the newest load wins (or, for a view of
// separate documents, each load installs), and the changes heard while it ran are applied after it,
// in order (held until then, or, live, applied at once and again after it).
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

describe('a live view: changes applied at once, and again after the load', () => {
  function liveView(options: { eachLoadInstalls?: boolean } = {}) {
    const seen: string[] = [];
    const values = new Map<string, number>();
    const changes = new LoadWhileChanging<[string, number]>(
      ([name, value]) => {
        seen.push(`${name}=${value}`);
        values.set(name, value);
      },
      { live: true, ...options },
    );
    const install = (loaded: Map<string, number>) => {
      seen.push(`loaded ${[...loaded].map(([n, v]) => `${n}=${v}`).join(',')}`);
      for (const [name, value] of loaded) values.set(name, value);
    };
    return { changes, install, seen, values: () => Object.fromEntries(values) };
  }

  it('applies a change heard during a load at once, then again over what the load read', async () => {
    const v = liveView();
    const read = pending<Map<string, number>>();
    const loading = v.changes.load(() => read.promise, v.install);
    v.changes.hear(['soup', 2]);
    expect(v.values()).toEqual({ soup: 2 });
    read.resolve(new Map([['soup', 1]]));
    expect(await loading).toBe(true);
    expect(v.seen).toEqual(['soup=2', 'loaded soup=1', 'soup=2']);
    expect(v.values()).toEqual({ soup: 2 });
    v.changes.hear(['soup', 3]);
    expect(v.seen.at(-1)).toBe('soup=3');
    expect(v.seen).toHaveLength(4);
  });

  it('lets the newest load win, by default: an older one finishing later installs nothing and applies nothing again', async () => {
    const v = liveView();
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
    // The newer load applies again only what was heard after it began.
    expect(v.seen).toEqual(['soup=2', 'soup=3', 'loaded soup=2', 'soup=3']);
    expect(v.values()).toEqual({ soup: 3 });
  });

  it('with eachLoadInstalls, every load installs and applies again what was heard since it began', async () => {
    const v = liveView({ eachLoadInstalls: true });
    const soup = pending<Map<string, number>>();
    const tea = pending<Map<string, number>>();
    const first = v.changes.load(() => soup.promise, v.install);
    v.changes.hear(['soup', 2]);
    const second = v.changes.load(() => tea.promise, v.install);
    v.changes.hear(['tea', 5]);
    tea.resolve(new Map([['tea', 4]]));
    expect(await second).toBe(true);
    soup.resolve(new Map([['soup', 1]]));
    expect(await first).toBe(true);
    expect(v.seen).toEqual(['soup=2', 'tea=5', 'loaded tea=4', 'tea=5', 'loaded soup=1', 'soup=2', 'tea=5']);
    expect(v.values()).toEqual({ soup: 2, tea: 5 });
    // Nothing in flight: a change is applied once, and nothing heard before is kept for a later load.
    v.changes.hear(['soup', 3]);
    const later = pending<Map<string, number>>();
    const third = v.changes.load(() => later.promise, v.install);
    later.resolve(new Map([['rice', 1]]));
    expect(await third).toBe(true);
    expect(v.seen.slice(7)).toEqual(['soup=3', 'loaded rice=1']);
  });

  it('a failed read leaves the view with the changes heard meanwhile, applied once, and rethrows', async () => {
    const v = liveView();
    const read = pending<Map<string, number>>();
    const loading = v.changes.load(() => read.promise, v.install);
    v.changes.hear(['soup', 2]);
    read.reject(new Error('the store is down'));
    await expect(loading).rejects.toThrow('the store is down');
    expect(v.seen).toEqual(['soup=2']);
  });

  it('applies the changes again even when installing throws', async () => {
    const v = liveView();
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
    expect(v.seen).toEqual(['soup=2', 'soup=2']);
  });

  it('refuses eachLoadInstalls without live: held changes would wait for no load', () => {
    expect(() => new LoadWhileChanging(() => {}, { eachLoadInstalls: true })).toThrow(
      'eachLoadInstalls needs live: held changes would wait for no load',
    );
  });
});
