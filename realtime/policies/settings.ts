// Every staff room hears of a change of the settings (the boards follow the time zone and the
// wait limit, the printers page the printers); patrons and the menu do not.
import { publicSettings } from '../../domain/settings.js';
import type { Delivery } from '../events.js';
import type { Change } from '../normalize.js';
import { STATION_ROOMS, type Channel } from '../rooms.js';

const STAFF_ROOMS: readonly Channel[] = [...STATION_ROOMS, 'expeditor', 'printers'];

/** One `settings.updated` per commit that wrote the settings, with the settings as it left them. */
export function settingsDeliveries(batch: readonly Change[]): Delivery[] {
  const last = batch.findLast((change) => change.collection === 'settings' && change.kind !== 'deleted');
  if (last?.collection !== 'settings') return [];
  return [{ rooms: STAFF_ROOMS, event: { type: 'settings.updated', data: publicSettings(last.current) } }];
}
