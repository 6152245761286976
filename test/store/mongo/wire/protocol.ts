// MongoDB's wire framing, just enough to serve the real driver: OP_QUERY (only the driver's first
// handshake uses it) answered with OP_REPLY, and OP_MSG both ways. BSON comes from the driver's own
// `bson` package (mongoose.mongo.BSON), so values round-trip exactly as against a real server.
import mongoose from 'mongoose';

const { BSON } = mongoose.mongo;
export type Document = mongoose.mongo.Document;

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const MORE_TO_COME = 1 << 1;
const CHECKSUM_PRESENT = 1 << 0;

/** One client request: the command document, and how its answer must be framed. */
export interface Request {
  requestId: number;
  legacy: boolean;
  /** OP_MSG with moreToCome: the client expects no answer. */
  noReply: boolean;
  command: Document;
}

function readCString(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

function readDocument(buffer: Buffer, offset: number): [Document, number] {
  const size = buffer.readInt32LE(offset);
  return [BSON.deserialize(buffer.subarray(offset, offset + size), { promoteLongs: false, promoteValues: true }), offset + size];
}

/** Decodes one whole message (header included). Document sequences (kind 1) join the body as arrays. */
export function decode(message: Buffer): Request {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_QUERY) {
    const [, afterName] = readCString(message, 20);
    const [command] = readDocument(message, afterName + 8);
    return { requestId, legacy: true, noReply: false, command };
  }
  if (opCode !== OP_MSG) throw new Error(`unsupported opCode ${opCode}`);
  const flags = message.readUInt32LE(16);
  const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let offset = 20;
  let command: Document = {};
  const sequences: Record<string, Document[]> = {};
  while (offset < end) {
    const kind = message.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      [command, offset] = readDocument(message, offset);
      continue;
    }
    const sectionEnd = offset + message.readInt32LE(offset);
    const [identifier, start] = readCString(message, offset + 4);
    let cursor = start;
    const documents: Document[] = [];
    while (cursor < sectionEnd) {
      let document: Document;
      [document, cursor] = readDocument(message, cursor);
      documents.push(document);
    }
    sequences[identifier] = documents;
    offset = sectionEnd;
  }
  return { requestId, legacy: false, noReply: (flags & MORE_TO_COME) !== 0, command: { ...command, ...sequences } };
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(0, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

/** The answer to `request`, framed the way the request came. */
export function encodeReply(request: Request, reply: Document): Buffer {
  const body = Buffer.from(BSON.serialize(reply));
  if (request.legacy) {
    const fields = Buffer.alloc(20);
    fields.writeInt32LE(0, 0); // responseFlags
    fields.writeBigInt64LE(0n, 4); // cursorID
    fields.writeInt32LE(0, 12); // startingFrom
    fields.writeInt32LE(1, 16); // numberReturned
    return Buffer.concat([header(16 + fields.length + body.length, request.requestId, OP_REPLY), fields, body]);
  }
  const flags = Buffer.alloc(5); // flagBits 0, then section kind 0
  return Buffer.concat([header(16 + flags.length + body.length, request.requestId, OP_MSG), flags, body]);
}

/** Splits a byte stream into whole messages; returns the messages and what is left over. */
export function frames(pending: Buffer): [Buffer[], Buffer] {
  const messages: Buffer[] = [];
  let rest = pending;
  while (rest.length >= 4 && rest.length >= rest.readInt32LE(0)) {
    const length = rest.readInt32LE(0);
    messages.push(rest.subarray(0, length));
    rest = rest.subarray(length);
  }
  return [messages, rest];
}
