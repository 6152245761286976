// Document ids in MongoDB's ObjectId layout, so both stores hand out the same kind of id and ids
// sort roughly by creation.
import { randomBytes } from 'node:crypto';

const ID = /^[0-9a-f]{24}$/;
const COUNTER_SPAN = 0x1000000;

/** Fixed for the life of the process: keeps ids of two processes created in one second apart. */
const processPart = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

/** 4-byte seconds, 5 bytes fixed per process, 3-byte counter: 24 lowercase hex characters. */
export function newId(now: number = Date.now()): string {
  const id = Buffer.alloc(12);
  id.writeUInt32BE(Math.floor(now / 1000) % 2 ** 32, 0);
  processPart.copy(id, 4);
  id.writeUIntBE(counter, 9, 3);
  counter = (counter + 1) % COUNTER_SPAN;
  return id.toString('hex');
}

export function isId(value: string): boolean {
  return ID.test(value);
}
