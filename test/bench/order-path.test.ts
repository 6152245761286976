// The order-path benchmark (bench/lib/order-path.ts) works end to end on tiny data: both sides place
// every order they are given and report a figure per window. No timing is asserted.
import { describe, expect, it } from 'vitest';
import { measureOrderPath } from '../../bench/lib/order-path.js';

describe('order-path benchmark', () => {
  it('places every order on both sides and reports each window and the medians', { timeout: 60_000 }, async () => {
    const result = await measureOrderPath({ stored: 20, warmup: 16, windows: 3, perWindow: 40 });
    expect(result.placed).toBe(16 + 3 * 40);
    expect(result.ours).toHaveLength(3);
    expect(result.floor).toHaveLength(3);
    for (const us of [...result.ours, ...result.floor]) expect(us).toBeGreaterThan(0);
    expect(result.oursUs).toBe([...result.ours].sort((a, b) => a - b)[1]);
    expect(result.floorUs).toBe([...result.floor].sort((a, b) => a - b)[1]);
    expect(result.ratio).toBeCloseTo(result.oursUs / result.floorUs, 10);
  });
});
