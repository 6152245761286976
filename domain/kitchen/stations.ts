// The kitchen's stations as a path names them: the one check of a station's name.
import { STATIONS, type Station } from '../../models/dish.js';
import { notFound } from '../errors.js';

/** The station a path names; 404 listing the stations for any other name. */
export function asStation(station: string): Station {
  if (!(STATIONS as readonly string[]).includes(station))
    throw notFound(`No station "${station}"; the stations are ${STATIONS.join(', ')}.`);
  return station as Station;
}
