// The socket.io encoder that skips socket.io-parser's search for binary data in the envelopes the
// server broadcasts (transports/envelope-parser.ts): the same text on the wire, every other packet
// left to socket.io-parser, and real clients receiving the envelopes as before.
import { createRequire } from 'node:module';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitJsonOnly, EnvelopeEncoder } from '../../realtime/transports/envelope-parser.js';
import { bareServerPerTest, commitIngredients } from './helpers/bare-server.js';
import { sioIn, type SioClient } from './helpers/clients.js';
import { idOf } from './helpers/screens.js';

afterEach(() => vi.restoreAllMocks());

const envelope = () => ({
  type: 'order.created',
  id: 41,
  at: '2026-11-26T12:00:00.000Z',
  data: {
    id: '6b08151f4081d258ccf810a5',
    name: 'Table "7" — crème brûlée ×2 🍮',
    dish_ids: ['6b0815135c27a3c1130a1347', '6b0815135c27a3c1130a1347'],
    table_number: 7,
    special_requests: null,
    priority: 3,
    price: 12.5,
    ready: false,
    tickets: [{ station: 'cold', status: 'Received', fired_at: '2026-11-26T12:00:00.000Z', bumped_by: null }],
  },
});

/** socket.io requires socket.io-parser's CommonJS build: its own Encoder, which it uses by default. */
const { Encoder: SocketIoEncoder } = createRequire(import.meta.url)('socket.io-parser') as { Encoder: typeof Encoder };

const event = (data: unknown[], extra: Partial<Packet> = {}): Packet => ({ type: PacketType.EVENT, nsp: '/', data, ...extra });

describe('the envelope encoder', () => {
  it('encodes the event of an envelope being emitted to the very text socket.io-parser gives', () => {
    const cases: [object, (envelope: object) => Packet][] = [
      [envelope(), (env) => event(['order.created', env])],
      // With connection-state recovery, socket.io appends the broadcast's offset.
      [envelope(), (env) => event(['order.created', env, 'e5f1a2'])],
      [envelope(), (env) => event(['order.created', env], { nsp: '/kitchen' })],
      [envelope(), (env) => event(['order.created', env], { id: 7 })],
    ];
    const parent = vi.spyOn(Encoder.prototype, 'encode');
    for (const [env, packetOf] of cases) {
      const packet = packetOf(env);
      let text: string[] = [];
      emitJsonOnly(env, () => (text = new EnvelopeEncoder().encode(packet)));
      expect(parent).not.toHaveBeenCalled();
      expect(text).toEqual(new Encoder().encode(packet));
      expect(text).toHaveLength(1);
      parent.mockClear();
    }
  });

  it('leaves every other packet to socket.io-parser: binary data still travels as attachments', () => {
    const emitted = envelope();
    const binary = event(['photo', { bytes: Buffer.from([1, 2, 3]) }]);
    const packets = [
      binary,
      // The same envelope, encoded after its emit (a recovering client's replay), or beside a number.
      event(['order.created', emitted]),
      event(['order.created', emitted, 42]),
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc', pid: 'def' } },
      { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true }] },
    ];
    const parent = vi.spyOn(Encoder.prototype, 'encode');
    emitJsonOnly(emitted, () => {
      for (const packet of packets.slice(2)) expect(new EnvelopeEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
    });
    for (const packet of packets.slice(0, 2)) expect(new EnvelopeEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
    // Called once by each EnvelopeEncoder (delegating) and once directly, per packet.
    expect(parent).toHaveBeenCalledTimes(packets.length * 2);
    expect(new EnvelopeEncoder().encode(binary)[0]).toBe('51-["photo",{"bytes":{"_placeholder":true,"num":0}}]');
  });
});

describe('broadcasts through the envelope encoder', () => {
  const { server, clients } = bareServerPerTest<SioClient>();

  it('reach real socket.io clients whole, without socket.io-parser searching them', async () => {
    clients.push(await sioIn(server.url, 'menu', undefined, ['menu']));
    const searching = [vi.spyOn(Encoder.prototype, 'encode'), vi.spyOn(SocketIoEncoder.prototype, 'encode')];
    const ids = commitIngredients(server, 2);
    const [client] = clients;
    await Promise.all(ids.map((id) => client!.inbox.waitFor((e) => e.type === 'ingredient.created' && idOf(e) === id, `ingredient ${id}`)));
    expect(client!.inbox.envelopes.map((e) => [e.type, e.id, idOf(e)])).toEqual(ids.map((id, i) => ['ingredient.created', i + 1, id]));
    for (const encode of searching) expect(encode).not.toHaveBeenCalled();
  });
});
