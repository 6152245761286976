// The quote simulation, tiny: a 30-minute service through the real domain on a simulated clock,
// every order accounted for (the cost of a quote by queue length is a bench line: bench/quotes.ts).
import { describe, expect, it } from 'vitest';
import { SERVICE, simulate, summarize } from '../../bench/quotes/simulation.js';

describe('bench: quote simulation (smoke)', () => {
  it('replays a short service: every order readied, an error for each quote, and a lighter load quoted closely', async () => {
    const phases = [{ name: 'short', from: 0, to: 30, every: 5 }];
    const outcomes = await simulate({ ...SERVICE, minutes: 30, phases, seed: 3 });
    expect(outcomes.length).toBeGreaterThan(2);
    for (const outcome of outcomes) {
      expect(outcome.phase).toBe('short');
      expect(Number.isFinite(outcome.quoteError) && Number.isFinite(outcome.naiveError)).toBe(true);
    }
    const [short, all] = summarize(outcomes, ['short']);
    expect(short!.orders).toBe(outcomes.length);
    expect(all!.orders).toBe(outcomes.length);
    // A quiet kitchen: the quote is off by the cooks' speed and noise, not by a queue.
    expect(short!.quote.median!).toBeLessThan(10);
  }, 5000);
});
