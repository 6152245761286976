// The printers room hears each printer's state as an instance stored it (domain/printers/states.ts):
// the manager's printers page follows it instead of asking. A printer taken out of the settings
// makes no event of its own: the settings' change says so.
import { publicState } from '../../domain/printers/states.js';
import type { Delivery } from '../events.js';
import type { Change } from '../normalize.js';

export function printerDeliveries(batch: readonly Change[]): Delivery[] {
  return batch.flatMap((change) =>
    change.collection === 'printer_states' && change.kind !== 'deleted'
      ? [{ rooms: ['printers'] as const, event: { type: 'printer.state' as const, data: publicState(change.current) } }]
      : [],
  );
}
