// socket.io's packet parser, minus one walk. Before encoding an event, socket.io-parser searches its
// whole payload for binary data (Buffers, ArrayBuffers, Blobs) to send as attachments. The envelopes
// this server broadcasts hold JSON values only (store documents, strings, numbers), so the search
// never finds any, and with 50 screens it was 1.3% of an order's CPU. A broadcast of an envelope is
// emitted through `emitJsonOnly`: socket.io encodes a broadcast once, synchronously, inside its emit,
// so the event packet carrying that envelope is written as socket.io-parser writes any event without
// binary data (the same text), and every other packet goes through socket.io-parser as it is.
// (Marking envelopes in a WeakSet instead cost half of what the search did: V8 tracks each young key.)
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** The envelope whose broadcast is being emitted, if any. */
let emitting: object | null = null;

/** Runs `emit`, a socket.io emit of `envelope` (JSON values only), with its packet encoded as JSON at once. */
export function emitJsonOnly(envelope: object, emit: () => void): void {
  emitting = envelope;
  try {
    emit();
  } finally {
    emitting = null;
  }
}

/** The event being emitted by `emitJsonOnly`: its envelope, and strings (its name, the recovery offset). */
function isEnvelopeEvent({ type, data }: Packet): boolean {
  if (emitting === null || type !== PacketType.EVENT || !Array.isArray(data)) return false;
  const items = data as unknown[];
  return items.includes(emitting) && items.every((item) => item === emitting || typeof item === 'string');
}

export class EnvelopeEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    if (!isEnvelopeEvent(packet)) return super.encode(packet) as string[];
    // socket.io-parser's text form: type, namespace unless the main one, ack id if any, then the JSON.
    const namespace = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
    return [`${packet.type}${namespace}${packet.id ?? ''}${JSON.stringify(packet.data)}`];
  }
}

/** The `parser` option of socket.io's Server: socket.io-parser's decoder, and the encoder above. */
export const envelopeParser = { Encoder: EnvelopeEncoder, Decoder };
