// Document ids: MongoDB's ObjectId layout (4-byte seconds, 5-byte process part, 3-byte counter) as
// 24 lowercase hex characters, the same in both stores.
import { describe, expect, it } from 'vitest';
import { idGenerator, isId, newId } from '../../store/ids.js';

const NOON = Date.UTC(2026, 10, 26, 12, 0, 0, 500); // 1795694400 s = 0x6b081f40

/** The layout built byte by byte, as an ObjectId is. */
function objectIdBytes(seconds: number, processPart: string, counter: number): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(seconds, 0);
  Buffer.from(processPart, 'hex').copy(bytes, 4);
  bytes.writeUIntBE(counter, 9, 3);
  return bytes.toString('hex');
}

describe('document ids', () => {
  it('put the seconds, the process part and the counter in ObjectId order', () => {
    const next = idGenerator('0011223344', 0x0a0b0c);
    expect(next(NOON)).toBe('6b081f40' + '0011223344' + '0a0b0c');
    expect(next(NOON)).toBe('6b081f40' + '0011223344' + '0a0b0d');
  });

  it('pad every part to its width, and equal the ObjectId bytes for any second', () => {
    const next = idGenerator('00000000ff', 1);
    for (const seconds of [0, 1, 0xfff, 0x10000000, 2 ** 31, 2 ** 32 - 1]) {
      const id = next(seconds * 1000 + 999);
      expect(id).toHaveLength(24);
      expect(id).toBe(objectIdBytes(seconds, '00000000ff', Number.parseInt(id.slice(18), 16)));
    }
  });

  it('count on across seconds and wrap after 0xffffff', () => {
    const next = idGenerator('0011223344', 0xfffffe);
    expect([next(NOON), next(NOON), next(NOON + 1000)].map((id) => id.slice(8))).toEqual([
      '0011223344fffffe',
      '0011223344ffffff',
      '0011223344000000',
    ]);
    expect(next(NOON + 1000).slice(0, 8)).toBe('6b081f41');
  });

  it('are made apart and sort by creation within a second', () => {
    const ids = Array.from({ length: 5 }, () => newId(NOON));
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(5);
    expect(ids.map((id) => id.slice(0, 8))).toEqual(Array(5).fill('6b081f40'));
    // The counter may wrap once in any run of five: then the ids after it sort first.
    const wrapped = ids.findIndex((id, i) => i > 0 && id < ids[i - 1]!);
    expect(wrapped === -1 ? ids : [...ids.slice(wrapped), ...ids.slice(0, wrapped)]).toEqual([...ids].sort());
  });

  it('take the current time by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = Number.parseInt(newId().slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
