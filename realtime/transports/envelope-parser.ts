// socket.io's packet parser, minus one walk. Before encoding an event, socket.io-parser searches its
// whole payload for binary data (Buffers, ArrayBuffers, Blobs) to send as attachments. The envelopes
// this server broadcasts hold JSON values only (store documents, strings, numbers), so the search
// never finds any, and with 50 screens it was 1.3% of an order's CPU. Envelopes are marked as they
// are emitted; an event packet carrying a marked envelope is encoded as socket.io-parser encodes any
// event without binary data (the same text), and everything else goes through socket.io-parser as it is.
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

const jsonOnly = new WeakSet<object>();

/** Marks `envelope`, about to be emitted, as holding JSON values only; returns it. */
export function jsonEnvelope<E extends object>(envelope: E): E {
  jsonOnly.add(envelope);
  return envelope;
}

/** An event whose arguments are a marked envelope and strings (its name, the recovery offset). */
function isEnvelopeEvent({ type, data }: Packet): boolean {
  if (type !== PacketType.EVENT || !Array.isArray(data)) return false;
  const items = data as unknown[];
  return items.some((item) => typeof item === 'object' && item !== null && jsonOnly.has(item)) && items.every((item) => typeof item === 'string' || jsonOnly.has(item as object));
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
