import { describe, expect, it } from 'vitest';
import type { Principal } from '../../domain/accounts/principal.js';
import type { Role } from '../../models/user.js';
import { channelsOf, roomOf, roomsOpenTo, stationRoom } from '../../realtime/rooms.js';
import { admit, problemBody } from '../../realtime/subscribe.js';

const as = (role: Role): Principal => ({ userId: 'u1', userName: 'sam', role, expiresAt: Date.now() + 60_000 });
const refusal = (request: unknown, viewer: Principal | null) => {
  const admission = admit(request, viewer);
  return admission.ok ? admission : problemBody(admission.problem);
};

describe('rooms', () => {
  it('opens every room to kitchen staff, the menu and their own orders to patrons, and only the menu to anonymous clients', () => {
    const kitchen = ['station:cold', 'station:hot', 'station:beverages', 'expeditor', 'printers', 'menu', 'my-orders'];
    expect(roomsOpenTo(as('chef'))).toEqual(kitchen);
    expect(roomsOpenTo(as('expeditor'))).toEqual(kitchen);
    expect(roomsOpenTo(as('manager'))).toEqual(kitchen);
    expect(roomsOpenTo(as('patron'))).toEqual(['menu', 'my-orders']);
    expect(roomsOpenTo(null)).toEqual(['menu']);
    expect(stationRoom('hot')).toBe('station:hot');
  });
});

describe('subscribe admission', () => {
  it('admits rooms open to the viewer, without duplicates', () => {
    expect(admit({ rooms: ['station:hot', 'menu', 'station:hot'] }, as('chef'))).toEqual({ ok: true, rooms: ['station:hot', 'menu'] });
    expect(admit({ rooms: ['menu'] }, null)).toEqual({ ok: true, rooms: ['menu'] });
  });

  it('refuses kitchen rooms to anonymous clients with a 401 and to patrons with a 403', () => {
    expect(refusal({ rooms: ['menu', 'expeditor'] }, null)).toEqual({
      status: 401,
      title: 'Unauthorized',
      detail: 'Room(s) expeditor are for kitchen staff (chef, expeditor, manager). Connect with an access token.',
    });
    expect(refusal({ rooms: ['station:cold'] }, as('patron'))).toEqual({
      status: 403,
      title: 'Forbidden',
      detail: 'Room(s) station:cold are for kitchen staff (chef, expeditor, manager).',
    });
  });

  it('admits my-orders for any signed-in user and refuses it to anonymous clients with a 401', () => {
    expect(admit({ rooms: ['my-orders', 'menu'] }, as('patron'))).toEqual({ ok: true, rooms: ['my-orders', 'menu'] });
    expect(admit({ rooms: ['my-orders'] }, as('chef'))).toEqual({ ok: true, rooms: ['my-orders'] });
    expect(refusal({ rooms: ['my-orders'] }, null)).toEqual({
      status: 401,
      title: 'Unauthorized',
      detail: 'Room my-orders is for signed-in users: it carries the orders they placed. Connect with an access token.',
    });
  });

  it("turns my-orders into the viewer's own room inside the server, and back when it answers", () => {
    expect(channelsOf(['menu', 'my-orders'], as('patron'))).toEqual(['menu', 'owner:u1']);
    expect(roomOf('owner:u1', as('patron'))).toBe('my-orders');
    expect(roomOf('owner:u2', as('patron'))).toBeNull();
    expect(roomOf('station:hot', as('chef'))).toBe('station:hot');
  });

  it('refuses unknown rooms and malformed requests with a 400', () => {
    expect(refusal({ rooms: ['station:grill'] }, as('chef'))).toEqual({
      status: 400,
      title: 'Bad Request',
      detail:
        'Unknown room(s): station:grill. Rooms are: station:cold, station:hot, station:beverages, expeditor, printers, menu, my-orders.',
    });
    for (const request of [undefined, 'menu', { rooms: [] }, { rooms: 'menu' }]) {
      expect(refusal(request, as('chef'))).toEqual({
        status: 400,
        title: 'Bad Request',
        detail: 'Send { "rooms": [...] } with at least one room name.',
      });
    }
  });
});
