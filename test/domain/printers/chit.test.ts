// A chit's layout, from the order and ticket to the paper (encoded, then decoded by the test
// printer's decoder): the allergy line first, the table, seats, course and round in large type,
// each item with its quantity, modifiers (removals as NO …) and note, the order's id and fire time.
import { describe, expect, it } from 'vitest';
import { buildChit } from '../../../domain/printers/chit.js';
import type { Ticket, TicketItem } from '../../../models/ticket.js';
import { ticketItem } from '../../helpers/ticket-items.js';
import { causesOf, newCauses } from '../../../domain/printers/causes.js';
import { encodeChit } from '../../../domain/printers/escpos.js';
import type { DishDoc } from '../../../models/dish.js';
import type { OrderDoc } from '../../../models/order.js';
import type { Chit } from '../../../models/printer.js';
import { EscPosDecoder, type DecodedChit } from '../../helpers/escpos-decoder.js';

const ORDER_ID = '674d0bf5c28b69001f8e03a1';
const FIRED = '2026-11-21T19:42:00.000Z';

function decode(chit: Chit, columns = 42): DecodedChit {
  const chits: DecodedChit[] = [];
  new EscPosDecoder({ chit: (decoded) => chits.push(decoded), status: () => {} }).feed(encodeChit(chit, columns));
  expect(chits).toHaveLength(1);
  return chits[0]!;
}

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  station: 'hot',
  status: 'Received',
  fired_at: FIRED,
  started_at: null,
  ready_at: null,
  bumped_by: null,
  course: 2,
  fire_at: FIRED,
  changes: [],
  ...overrides,
});

const order = (tickets: Ticket[], overrides: Partial<OrderDoc> = {}) =>
  ({
    id: ORDER_ID,
    name: 'Ann',
    table_number: 12,
    special_requests: null,
    dish_ids: [],
    tickets,
    pacing: 'courses',
    allergies: [],
    ...overrides,
  }) as unknown as OrderDoc;

const items: TicketItem[] = [
  ticketItem({
    item_id: 'i1',
    name: 'Burger',
    quantity: 2,
    seat: 3,
    modifiers: [
      { id: 'm1', group: 'Without', name: 'onion', action: 'remove' },
      { id: 'm2', group: 'Doneness', name: 'Well done', action: null },
    ],
    note: 'bun on the side',
  }),
  ticketItem({ item_id: 'i2', name: 'Fries', seat: 1 }),
  ticketItem({ item_id: 'i3', name: 'Soup', seat: 2, status: 'Voided' }),
];

describe('a chit', () => {
  it("lists a ticket's items: quantity, seat, modifiers with removals as NO, notes; the allergy line first", () => {
    const allergic = ticket({
      items,
      round: 2,
      allergy_alerts: [{ dish_id: 'd1', allergens: ['cereals_gluten', 'sesame'] }],
    });
    const dishes = new Map([['d1', { id: 'd1', name: 'Burger' } as DishDoc]]);
    const chit = buildChit({
      order: order([allergic]),
      ticket: allergic,
      dishes,
      marker: null,
      scope: { kind: 'ticket' },
      timeZone: 'Europe/Berlin',
    });
    const paper = decode(chit);
    expect(paper.lines.map((line) => line.text)).toEqual([
      'ALLERGY Burger: cereals_gluten, sesame',
      'Table 12',
      'Seats 1, 3',
      'Course 2  Round 2',
      'HOT',
      '─'.repeat(42),
      '2 x Burger (seat 3)',
      '   NO onion',
      '   Well done',
      '   Note: bun on the side',
      '1 x Fries (seat 1)',
      '─'.repeat(42),
      `Order ${ORDER_ID}`,
      'Fired 21 Nov, 20:42',
    ]);
    expect(paper.lines[0]).toMatchObject({ inverted: true });
    expect(paper.lines.slice(1, 4).every((line) => line.large)).toBe(true);
  });

  it("a change's chit lists only what changed, under its marker; on a narrow printer too", () => {
    const changed = ticket({ items, changes: [{ at: FIRED, added: [], removed: [], voided: ['i3'] } as never] });
    const [voided] = newCauses(order([ticket({ items })]), order([changed]), FIRED);
    expect(voided).toMatchObject({ marker: 'VOID', scope: { kind: 'items', item_ids: ['i3'] } });
    const chit = buildChit({
      order: order([changed]),
      ticket: changed,
      dishes: new Map(),
      marker: voided!.marker,
      scope: voided!.scope,
      timeZone: 'UTC',
    });
    const paper = decode(chit, 32);
    expect(paper.lines.map((line) => line.text).slice(0, 6)).toEqual([
      '** VOID **',
      'Table 12',
      'Seat 2',
      'Course 2',
      'HOT',
      '─'.repeat(32),
    ]);
    expect(paper.lines.map((line) => line.text)).toContain('VOID 1 x Soup (seat 2)');
  });

  it('a remake prints from its own ticket, marked REMAKE; the same causes found twice have the same keys', () => {
    const first = ticket({ items: items!.slice(0, 1) });
    const remake = ticket({ items: items!.slice(0, 1), round: 2, remake_of: 'i1' });
    const causes = newCauses(order([first]), order([first, remake]), FIRED);
    expect(causes.map((cause) => [cause.key, cause.marker])).toEqual([[`${ORDER_ID}/hot/2/2/fired`, 'REMAKE']]);
    expect(causesOf(order([first, remake])).map((cause) => cause.key)).toEqual([`${ORDER_ID}/hot/2/1/fired`, `${ORDER_ID}/hot/2/2/fired`]);
  });
});
