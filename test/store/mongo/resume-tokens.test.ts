// The resume-token keeper: writes never block delivery, bursts coalesce, a clear always wins.
import { describe, expect, it } from 'vitest';
import type { ResumeToken } from '../../../store/mongo/change-events.js';
import { silentLogger } from '../../../store/logger.js';
import { ResumeTokenKeeper, type ResumeTokenStore } from '../../../store/mongo/resume-tokens.js';

/** A store whose writes finish only when the test releases them, one at a time. */
class SlowStore implements ResumeTokenStore {
  readonly done: (ResumeToken | 'cleared')[] = [];
  private readonly waiting: (() => void)[] = [];

  load = async () => null;
  save = (token: ResumeToken) => this.later(token);
  clear = () => this.later('cleared');

  async releaseAll(): Promise<void> {
    while (this.waiting.length > 0) {
      this.waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private later(what: ResumeToken | 'cleared'): Promise<void> {
    return new Promise((resolve) => this.waiting.push(() => (this.done.push(what), resolve())));
  }
}

const token = (n: number): ResumeToken => ({ _data: `8267A1C3F0000000${n}` });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ResumeTokenKeeper', () => {
  it('remember returns at once; while one write is in flight later tokens coalesce into one write of the newest', async () => {
    const store = new SlowStore();
    const keeper = new ResumeTokenKeeper(store, silentLogger);
    keeper.remember(token(1));
    await tick();
    for (const n of [2, 3, 4]) keeper.remember(token(n));
    await store.releaseAll();
    await keeper.flush();
    expect(store.done).toEqual([token(1), token(4)]);
  });

  it('a clear after queued saves wins, and a token remembered after the clear is saved after it', async () => {
    const store = new SlowStore();
    const keeper = new ResumeTokenKeeper(store, silentLogger);
    keeper.remember(token(1));
    await tick();
    keeper.remember(token(2));
    void keeper.clear();
    keeper.remember(token(3));
    await store.releaseAll();
    await keeper.flush();
    expect(store.done).toEqual([token(1), 'cleared', token(3)]);
  });

  it('a failed write is logged and the next token is still saved', async () => {
    const warnings: string[] = [];
    const saved: ResumeToken[] = [];
    let fail = true;
    const store: ResumeTokenStore = {
      load: async () => null,
      clear: async () => undefined,
      save: async (value) => {
        if (fail) throw new Error('not primary');
        saved.push(value);
      },
    };
    const keeper = new ResumeTokenKeeper(store, { ...silentLogger, warn: (_obj, msg) => warnings.push(msg ?? '') });
    keeper.remember(token(1));
    await keeper.flush();
    fail = false;
    keeper.remember(token(2));
    await keeper.flush();
    expect(warnings).toEqual(['could not save the change-stream resume token']);
    expect(saved).toEqual([token(2)]);
  });
});

describe('ResumeTokenKeeper on an idle stream', () => {
  function keeperWithClock() {
    const saved: ResumeToken[] = [];
    const clock = { now: 5_000_000 };
    const store: ResumeTokenStore = { load: async () => null, clear: async () => undefined, save: async (value) => void saved.push(value) };
    return { saved, clock, keeper: new ResumeTokenKeeper(store, silentLogger, { now: () => clock.now, heartbeatSaveMs: 60_000 }) };
  }

  it('a token equal to the one last written is not written again', async () => {
    const { saved, keeper } = keeperWithClock();
    for (let n = 0; n < 5; n += 1) {
      keeper.remember(token(1));
      await keeper.flush();
    }
    expect(saved).toEqual([token(1)]);
  });

  it('without a flush, 130 heartbeats cost three writes, and an event token is written at once', async () => {
    const { saved, clock, keeper } = keeperWithClock();
    for (let n = 1; n <= 130; n += 1) {
      keeper.remember(token(n), { heartbeat: true });
      await tick();
      clock.now += 1_000;
    }
    expect(saved).toEqual([token(1), token(61), token(121)]);
    keeper.remember(token(131));
    await tick();
    expect(saved.at(-1)).toEqual(token(131));
    keeper.remember(token(132), { heartbeat: true });
    await keeper.flush();
    expect(saved.slice(3)).toEqual([token(131), token(132)]);
  });
});
