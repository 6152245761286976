// A printer's state reaches the printers room as it changes (`printer.state`, on socket.io and /ws
// alike): the printer going down, the chits waiting for it, and the printer back with none waiting.
import { describe, expect } from 'vitest';
import type { Envelope } from '../../../realtime/events.js';
import type { PrinterStatus } from '../../../models/printer.js';
import { placeOrder } from '../../helpers/menu.js';
import type { Inbox } from '../../realtime/helpers/inbox.js';
import { sioIn, wsIn, type SioClient, type WsClient } from '../../realtime/helpers/clients.js';
import { onPrinter, QUICK_PRINTING, setPrinters, test } from './fixtures.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The first `printer.state` from the `from`-th envelope on that matches. */
function stateAfter(inbox: Inbox, from: number, matches: (state: PrinterStatus) => boolean, what: string): Promise<Envelope> {
  return inbox.waitFor(
    (envelope) => inbox.envelopes.indexOf(envelope) >= from && envelope.type === 'printer.state' && matches(envelope.data),
    what,
  );
}

describe('printer.state', () => {
  test('tells the printers room when the printer goes down, what waits, and when it is back', async ({ t, printer, menu }) => {
    const clients: (SioClient | WsClient)[] = [];
    try {
      const page = await sioIn(t.url, 'printers page', t.tokens.manager, ['printers']);
      const plain = await wsIn(t.url, 'printers on /ws', t.tokens.chef, ['printers']);
      const pass = await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor']);
      clients.push(page, plain, pass);
      const [stored] = await setPrinters(t, [onPrinter(printer, ['hot'])]);
      const expected = (state: Partial<PrinterStatus>) => ({ ...stored, taken_over: [], jobs_waiting: 0, ...state });

      for (const { inbox } of [page, plain]) {
        const up = await stateAfter(inbox, 0, (state) => state.state === 'ok', 'the printer answering');
        expect(up.data).toEqual(expected({ state: 'ok', last_error: null, checked_at: expect.stringMatching(ISO) }));
      }

      const before = page.inbox.envelopes.length;
      const beforeWs = plain.inbox.envelopes.length;
      await printer.behave('refuse');
      const down = expected({
        state: 'unreachable',
        last_error: `cannot connect to 127.0.0.1:${printer.port} (ECONNREFUSED)`,
        checked_at: expect.stringMatching(ISO),
      });
      // (A look under way when it stopped listening may first find the line cut.)
      const refused = (state: PrinterStatus) => state.last_error?.endsWith('(ECONNREFUSED)') === true;
      expect((await stateAfter(page.inbox, before, refused, 'the printer refusing')).data).toEqual(down);
      expect((await stateAfter(plain.inbox, beforeWs, refused, 'the printer refusing')).data).toEqual(down);

      const order = await placeOrder(t, [menu.steak.id], 'expeditor');
      const waiting = await stateAfter(page.inbox, before, (state) => refused(state) && state.jobs_waiting === 1, 'a chit waiting');
      expect(waiting.data).toEqual({ ...down, jobs_waiting: 1 });

      const downAt = page.inbox.envelopes.length;
      await printer.behave('ok');
      const back = await stateAfter(page.inbox, downAt, (state) => state.state === 'ok' && state.jobs_waiting === 0, 'the printer back');
      expect(back.data).toEqual(expected({ state: 'ok', last_error: null, checked_at: expect.stringMatching(ISO) }));
      expect(printer.texts().some((lines) => lines.includes(`Order ${order.id}`))).toBe(true);
      // Every state the room was told, in order: down, a chit waiting, back (the chit printed on the way).
      const told = page.inbox.envelopes
        .filter((envelope) => envelope.type === 'printer.state')
        .map(({ data }) => `${(data as PrinterStatus).state} ${(data as PrinterStatus).jobs_waiting}`);
      expect(told.slice(told.indexOf('unreachable 0'))).toEqual(expect.arrayContaining(['unreachable 0', 'unreachable 1', 'ok 0']));
      // Only the printers room hears of printers.
      expect(pass.inbox.envelopes.filter((envelope) => envelope.type === 'printer.state')).toEqual([]);
    } finally {
      for (const client of clients) client.close();
    }
  });

  test('reaches the screens of another instance on the same store, told once per change', async ({ t, startTwin, printer }) => {
    const twin = await startTwin({ printTimings: QUICK_PRINTING });
    const there = await sioIn(twin.url, 'printers page on the twin', t.tokens.manager, ['printers']);
    try {
      await setPrinters(t, [onPrinter(printer, ['hot'])]);
      await stateAfter(there.inbox, 0, (state) => state.state === 'ok', 'the printer answering');
      const from = there.inbox.envelopes.length;
      await printer.behave('refuse');
      const refusal = `cannot connect to 127.0.0.1:${printer.port} (ECONNREFUSED)`;
      const down = await stateAfter(there.inbox, from, (state) => state.last_error === refusal, 'the printer refusing');
      expect(down.data).toMatchObject({ state: 'unreachable', last_error: refusal });
      // Both instances' workers find it refusing; the state is stored, and told, once.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const states = there.inbox.envelopes.slice(from).filter((envelope) => envelope.type === 'printer.state');
      expect(states.filter(({ data }) => (data as PrinterStatus).last_error === refusal)).toHaveLength(1);
    } finally {
      there.close();
    }
  });
});
