// The order's kitchen status from its tickets, for every combination of ticket states, and the
// moves of one ticket and of the whole order.
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../../models/order.js';
import type { Ticket, TicketStatus } from '../../../models/ticket.js';
import { kitchenStatus, moveOrder, moveTicket, TICKET_NEXT } from '../../../domain/orders/tickets.js';

const KITCHEN: TicketStatus[] = ['Received', 'In Progress', 'Ready'];
const STATIONS = ['cold', 'hot', 'beverages'] as const;
const T0 = '2026-11-23T12:00:00.000Z';
const T1 = '2026-11-23T12:05:00.000Z';

function ticket(station: Ticket['station'], status: TicketStatus, extra: Partial<Ticket> = {}): Ticket {
  return {
    station,
    status,
    fired_at: status === 'Draft' ? null : T0,
    started_at: null,
    ready_at: status === 'Ready' ? T0 : null,
    bumped_by: null,
    ...extra,
  };
}

function order(tickets: Ticket[], status = kitchenStatus(tickets)): OrderDoc {
  return {
    id: '6a0000000000000000000001',
    created_at: T0,
    updated_at: T0,
    name: 'Ben',
    dish_ids: [],
    table_number: 4,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status,
    fire_at: null,
    tickets,
    ready_at: status === 'Ready for Assembly' ? T0 : null,
    closed_at: null,
    pacing: 'at_once' as const,
    owner_id: 'owner',
    stock_taken: [],
  };
}

/** Every assignment of kitchen statuses to 1, 2 and 3 tickets. */
function combinations(): TicketStatus[][] {
  const all: TicketStatus[][] = [];
  for (let size = 1; size <= 3; size++) {
    const grow = (prefix: TicketStatus[]): void => {
      if (prefix.length === size) return void all.push(prefix);
      for (const status of KITCHEN) grow([...prefix, status]);
    };
    grow([]);
  }
  return all;
}

describe('the order status derived from its tickets', () => {
  it.each(combinations().map((statuses) => [statuses.join(' + '), statuses] as const))('%s', (_name, statuses) => {
    const tickets = statuses.map((status, index) => ticket(STATIONS[index]!, status));
    const expected = statuses.every((s) => s === 'Ready')
      ? 'Ready for Assembly'
      : statuses.every((s) => s === 'Received')
        ? 'Received'
        : 'In Progress';
    expect(kitchenStatus(tickets)).toBe(expected);
  });

  it('is Draft while every ticket waits for its fire time', () => {
    expect(kitchenStatus([ticket('cold', 'Draft'), ticket('hot', 'Draft')])).toBe('Draft');
  });
});

describe('moving one ticket', () => {
  it('starts the order with the first ticket and makes it Ready for Assembly with the last, once', () => {
    const start = order([ticket('cold', 'Received'), ticket('hot', 'Received')]);
    const hotStarted = moveTicket(start, start.tickets[1]!, 'In Progress', 'chef', T1)!;
    expect(hotStarted.status).toBe('In Progress');
    expect(hotStarted.tickets[1]).toEqual({ ...start.tickets[1], status: 'In Progress', started_at: T1, bumped_by: 'chef' });
    const hotReady = order(moveTicket(order(hotStarted.tickets), hotStarted.tickets[1]!, 'Ready', 'chef', T1)!.tickets);
    expect(hotReady.status).toBe('In Progress');
    const coldReady = moveTicket(hotReady, hotReady.tickets[0]!, 'In Progress', 'cook', T1)!;
    const done = moveTicket(order(coldReady.tickets), coldReady.tickets[0]!, 'Ready', 'cook', T1)!;
    expect(done).toMatchObject({ status: 'Ready for Assembly', ready_at: T1, closed_at: null });
    expect(done.tickets.map((t) => [t.status, t.ready_at])).toEqual([
      ['Ready', T1],
      ['Ready', T1],
    ]);
  });

  it('keeps started_at from the first start, clears ready_at on a recall and takes the order back', () => {
    const ready = order([ticket('cold', 'Ready', { started_at: T0 }), ticket('hot', 'Ready', { started_at: T0 })]);
    const recalled = moveTicket(ready, ready.tickets[0]!, 'In Progress', 'cook', T1)!;
    expect(recalled).toMatchObject({ status: 'In Progress', ready_at: null });
    expect(recalled.tickets[0]).toEqual({ ...ready.tickets[0], status: 'In Progress', ready_at: null, started_at: T0, bumped_by: 'cook' });
    expect(recalled.tickets[1]).toBe(ready.tickets[1]);
  });

  it('keeps the moment the order became Ready for Assembly when an unchanged ticket is resent', () => {
    const ready = order([ticket('hot', 'Ready')]);
    expect(moveTicket(ready, ready.tickets[0]!, 'Ready', 'chef', T1)).toBeNull();
  });

  it.each(
    Object.entries(TICKET_NEXT).flatMap(([from, allowed]) =>
      KITCHEN.filter((to) => to !== from && !allowed.includes(to)).map((to) => [from, to, allowed] as const),
    ),
  )('refuses %s → %s with 409 listing the allowed moves', (from, to, allowed) => {
    const start = order([ticket('hot', from as TicketStatus)], from === 'Draft' ? 'Draft' : undefined);
    expect(() => moveTicket(start, start.tickets[0]!, to, 'chef', T1)).toThrow(
      expect.objectContaining({ status: 409, extras: { allowed: [...allowed] } }),
    );
  });

  it.each(['On the Way', 'Ready for Pickup'] as const)('refuses every move once the order is %s', (status) => {
    const closed = order([ticket('hot', 'Ready')], status);
    expect(() => moveTicket(closed, closed.tickets[0]!, 'In Progress', 'chef', T1)).toThrow(
      expect.objectContaining({ status: 409, extras: { allowed: [] } }),
    );
  });
});

describe('a move of the whole order (the seed API) applied to every ticket', () => {
  it('starts every Received ticket and leaves Ready ones Ready', () => {
    const mixed = order([ticket('cold', 'Received'), ticket('hot', 'Received')], 'Received');
    const started = moveOrder(mixed, 'In Progress', 'exp', T1);
    expect(started.tickets.map((t) => [t.status, t.started_at])).toEqual([
      ['In Progress', T1],
      ['In Progress', T1],
    ]);
    const partly = order([ticket('cold', 'In Progress', { started_at: T0 }), ticket('hot', 'Ready', { started_at: T0 })], 'In Progress');
    expect(moveOrder(partly, 'Ready for Assembly', 'exp', T1)).toMatchObject({ status: 'Ready for Assembly', ready_at: T1 });
  });

  it('recalls every ticket with the order', () => {
    const ready = order([ticket('cold', 'Ready'), ticket('hot', 'Ready')]);
    const back = moveOrder(ready, 'In Progress', 'exp', T1);
    expect(back).toMatchObject({ status: 'In Progress', ready_at: null });
    expect(back.tickets.map((t) => [t.status, t.ready_at])).toEqual([
      ['In Progress', null],
      ['In Progress', null],
    ]);
    const received = moveOrder(order(back.tickets), 'Received', 'exp', T1);
    expect(received.tickets.map((t) => t.status)).toEqual(['Received', 'Received']);
  });

  it('fires Draft tickets when the order is released, and closes the order without touching tickets', () => {
    const draft = order([ticket('hot', 'Draft')], 'Draft');
    expect(moveOrder(draft, 'Received', null, T1).tickets).toEqual([{ ...draft.tickets[0], status: 'Received', fired_at: T1 }]);
    const ready = order([ticket('hot', 'Ready')]);
    expect(moveOrder(ready, 'On the Way', 'exp', T1)).toEqual({
      status: 'On the Way',
      tickets: ready.tickets,
      ready_at: T0,
      closed_at: T1,
    });
  });
});
