// Document ids in MongoDB's ObjectId layout, so both stores hand out the same kind of id and ids
// sort roughly by creation.
import { randomBytes } from 'node:crypto';

const ID = /^[0-9a-f]{24}$/;
const COUNTER_SPAN = 0x1000000;

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * Ids from a fixed 5-byte process part (10 hex digits) and a 3-byte counter starting at `start`.
 * Written as text directly: an id is made for every document written, and a Buffer per id cost
 * more than the rest of making it (allocated, zeroed, then freed by the garbage collector).
 */
export function idGenerator(processPart: string, start: number): (now?: number) => string {
  let counter = start % COUNTER_SPAN;
  let second = -1;
  let secondPart = '';
  return (now = Date.now()) => {
    const seconds = Math.floor(now / 1000) % 2 ** 32;
    if (seconds !== second) {
      second = seconds;
      secondPart = hex(seconds, 8);
    }
    const count = counter;
    counter = (counter + 1) % COUNTER_SPAN;
    return secondPart + processPart + hex(count, 6);
  };
}

/**
 * 4-byte seconds, 5 bytes fixed per process (keeps ids of two processes created in one second
 * apart), 3-byte counter: 24 lowercase hex characters.
 */
export const newId: (now?: number) => string = idGenerator(randomBytes(5).toString('hex'), randomBytes(3).readUIntBE(0, 3));

export function isId(value: string): boolean {
  return ID.test(value);
}
