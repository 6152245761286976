// A chit as ESC/POS bytes, encoded by @point-of-sale/receipt-printer-encoder (never hand-written
// byte strings): the allergy line first, the marker and the table in large type, then the items.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Chit } from '../../models/printer.js';

/** Lines fed before the cut, so the last line clears the cutter. */
const FEED_BEFORE_CUT = 4;

function clock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', day: '2-digit', month: 'short' }).format(
    new Date(iso),
  );
}

/** The lines under the heading, where there is something to say: the seats, then course and round. */
function placeLines(chit: Chit): string[] {
  const seats = chit.seats.length > 0 ? [`Seat${chit.seats.length > 1 ? 's' : ''} ${chit.seats.join(', ')}`] : [];
  const when = [chit.course === null ? null : `Course ${chit.course}`, chit.round === null ? null : `Round ${chit.round}`].filter(
    (part) => part !== null,
  );
  return [...seats, ...(when.length > 0 ? [when.join('  ')] : [])];
}

export function encodeChit(chit: Chit, columns: number): Uint8Array {
  const paper = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, newline: '\n', feedBeforeCut: FEED_BEFORE_CUT });
  paper.initialize();
  if (chit.allergy) paper.invert(true).bold(true).line(chit.allergy).bold(false).invert(false);
  if (chit.marker) paper.size(2, 2).bold(true).line(`** ${chit.marker} **`).bold(false).size(1, 1);
  paper.size(2, 2).bold(true).line(chit.heading).bold(false);
  for (const line of placeLines(chit)) paper.line(line);
  paper.size(1, 1);
  if (chit.station) paper.line(chit.station.toUpperCase());
  paper.rule();
  for (const item of chit.items) {
    const seat = item.seat === null ? '' : ` (seat ${item.seat})`;
    paper
      .bold(true)
      .line(`${item.voided ? 'VOID ' : ''}${item.quantity} x ${item.name}${seat}`)
      .bold(false);
    for (const modifier of item.modifiers) paper.line(`   ${modifier}`);
    if (item.note) paper.line(`   Note: ${item.note}`);
  }
  if (chit.note) {
    if (chit.items.length > 0) paper.rule();
    paper.line(chit.note);
  }
  paper.rule();
  if (chit.order_id) paper.line(`Order ${chit.order_id}`);
  if (chit.fired_at) paper.line(`${chit.marker === 'TEST' ? 'Printed' : 'Fired'} ${clock(chit.fired_at, chit.time_zone)}`);
  return paper.cut('partial').encode();
}
