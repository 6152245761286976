// broadcastBatch on a fake namespace whose connections behave as engine.io's do: a packet is sent at
// once when the transport may write, else held until the next flush.
import { describe, expect, it } from 'vitest';
import type { Namespace } from 'socket.io';
import type { Envelope, Sent } from '../../realtime/events.js';
import type { Channel } from '../../realtime/rooms.js';
import { broadcastBatch } from '../../realtime/transports/socketio-batch.js';

class FakeConnection {
  buffer: number[] = [];
  readonly transport;
  constructor(readonly name: string, readonly log: string[], transportName = 'websocket') {
    const tcp = { cork: () => log.push(`cork ${name}`), uncork: () => log.push(`uncork ${name}`) };
    this.transport = { name: transportName, writable: true, socket: { _socket: tcp } };
  }
  /** engine.io's sendPacket: buffer, then flush. */
  write(id: number) {
    this.buffer.push(id);
    this.flush();
  }
  flush() {
    if (!this.transport.writable || this.buffer.length === 0) return;
    this.log.push(`write ${this.name} ${this.buffer.join(',')}`);
    this.buffer = [];
  }
}

function fakeNamespace(members: Record<string, { conn: FakeConnection; rooms: Channel[] }>) {
  const sockets = new Map(Object.entries(members).map(([id, { conn }]) => [id, { conn }]));
  const rooms = new Map<string, Set<string>>();
  for (const [id, member] of Object.entries(members)) {
    for (const room of member.rooms) rooms.set(room, (rooms.get(room) ?? new Set()).add(id));
  }
  const nsp = { sockets, adapter: { rooms } } as unknown as Namespace;
  /** What io.to(rooms).emit does: each socket in any of the rooms gets the packet once. */
  const emit = ({ rooms: audience, envelope }: Sent) => {
    const ids = audience === 'everyone' ? [...sockets.keys()] : [...new Set(audience.flatMap((room) => [...(rooms.get(room) ?? [])]))];
    ids.forEach((id) => sockets.get(id)!.conn.write(envelope.id));
  };
  return { nsp, emit };
}

const sent = (id: number, rooms: Channel[] | 'everyone'): Sent => ({
  rooms,
  envelope: { id, type: 'dish.availability', at: '2026-11-21T12:00:00.000Z', data: { id: 'd', is_available: true } } as Envelope,
});

describe('socket.io batch broadcast', () => {
  it('writes each client its share once, corked, right after the last envelope that reaches it', () => {
    const log: string[] = [];
    const [hot, expo, menu, idle] = ['hot', 'expo', 'menu', 'idle'].map((name) => new FakeConnection(name, log));
    const { nsp, emit } = fakeNamespace({
      a: { conn: hot!, rooms: ['station:hot'] },
      b: { conn: expo!, rooms: ['expeditor', 'menu'] },
      c: { conn: menu!, rooms: ['menu'] },
      d: { conn: idle!, rooms: ['station:cold'] },
    });
    broadcastBatch(nsp, [sent(1, ['station:hot']), sent(2, ['expeditor']), sent(3, ['menu']), sent(4, ['menu'])], (s) => {
      log.push(`emit ${s.envelope.id}`);
      emit(s);
    });
    expect(log).toEqual([
      'emit 1', 'cork hot', 'write hot 1', 'uncork hot',
      'emit 2',
      'emit 3',
      'emit 4', 'cork expo', 'write expo 2,3,4', 'uncork expo', 'cork menu', 'write menu 3,4', 'uncork menu',
    ]);
    expect([hot, expo, menu, idle].map((conn) => conn!.transport.writable)).toEqual([true, true, true, true]);
  });

  it('leaves a busy transport alone and never corks a polling one', () => {
    const log: string[] = [];
    const busy = new FakeConnection('busy', log);
    busy.transport.writable = false;
    const polling = new FakeConnection('polling', log, 'polling');
    const { nsp, emit } = fakeNamespace({ a: { conn: busy, rooms: ['menu'] }, b: { conn: polling, rooms: ['menu'] } });
    broadcastBatch(nsp, [sent(1, ['menu']), sent(2, 'everyone')], emit);
    expect(log).toEqual(['write polling 1,2']);
    expect(busy.buffer).toEqual([1, 2]);
    expect(busy.transport.writable).toBe(false);
  });

  it('releases every held client when a broadcast throws', () => {
    const log: string[] = [];
    const menu = new FakeConnection('menu', log);
    const { nsp, emit } = fakeNamespace({ a: { conn: menu, rooms: ['menu'] } });
    const failing = (s: Sent) => {
      if (s.envelope.id === 2) throw new Error('encoder broke');
      emit(s);
    };
    expect(() => broadcastBatch(nsp, [sent(1, ['menu']), sent(2, ['menu']), sent(3, ['menu'])], failing)).toThrow('encoder broke');
    expect(menu.transport.writable).toBe(true);
    expect(log).toEqual(['cork menu', 'write menu 1', 'uncork menu']);
  });

  it('sends a batch of one envelope straight through', () => {
    const log: string[] = [];
    const menu = new FakeConnection('menu', log);
    const { nsp, emit } = fakeNamespace({ a: { conn: menu, rooms: ['menu'] } });
    broadcastBatch(nsp, [sent(1, ['menu'])], emit);
    expect(log).toEqual(['write menu 1']);
  });
});
