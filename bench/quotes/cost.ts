// What a quote costs as the kitchen fills: the same quote timed with few and with many tickets
// queued at a station. The live queues keep running totals, so the time should not grow.
import { StationPace } from '../../domain/kitchen/station-pace.js';

export function quoteCost(queued: number, quotes = 200_000): { queued: number; ns_per_quote: number } {
  const pace = new StationPace();
  const now = Date.now();
  for (let index = 0; index < queued; index++) pace.enqueue(`order${index}:hot:1`, 10 + (index % 15));
  for (let index = 0; index < 3; index++) pace.start(`cooking${index}:hot:1`, 20, now - index * 60_000);
  pace.relearn(now);
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let index = 0; index < quotes; index++) sink += pace.quote(now, now, 18) + (pace.estimate(`order${index % queued}:hot:1`, now) ?? 0);
  const elapsed = Number(process.hrtime.bigint() - started);
  if (sink === 42) console.log('');
  return { queued, ns_per_quote: Math.round(elapsed / quotes) };
}
