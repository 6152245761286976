// The 1,000-screen measurements with socket.io's two write paths, paired: POS_SOCKETIO_WRITES=public
// (the default) and =direct alternate round by round, each round a fresh server on the same data.
// Per path: the POST's answer to 1,000 station screens (p50/p99 after the response, server CPU per
// order) and one room of 1,000 screens (the last screen's p50/p99). BENCH_ROUNDS, BENCH_RT_ORDERS,
// BENCH_ROOM_EVENTS, BENCH_ORDERS as for npm run bench. Usage: npx tsx bench/tools/socketio-writes.ts
import { signIn } from '../lib/api.js';
import { buildServer } from '../lib/build.js';
import { Dataset } from '../lib/dataset.js';
import { loadAverage } from '../lib/machine.js';
import { loadOptions } from '../lib/options.js';
import { startPos } from '../lib/servers.js';
import { orderLatency, roomFanOut } from '../suites/realtime.js';

const options = loadOptions();
const SCREENS = 1000;
const PATHS = ['public', 'direct'] as const;

buildServer();
const dataset = await Dataset.create('socketio-writes');
try {
  await dataset.growTo(options.orders);
  const rows: string[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const order = round % 2 === 1 ? PATHS : [...PATHS].reverse();
    for (const writes of order) {
      const pos = await startPos(dataset.dir, `socketio-${writes}-${round}`, { overrides: { POS_SOCKETIO_WRITES: writes } });
      try {
        const tokens = await signIn(pos.url);
        const latency = await orderLatency(pos, dataset.kitchen, tokens, SCREENS, options.realtimeOrders);
        const room = await roomFanOut(pos, dataset.kitchen, tokens, SCREENS, options.roomEvents);
        rows.push(
          `| ${round} | ${writes} | ${latency.afterRequestMs.p50} / ${latency.afterRequestMs.p99} | ` +
            `${latency.afterResponseMs.p50} / ${latency.afterResponseMs.p99} | ${latency.serverCpuMsPerOrder} | ` +
            `${latency.missed} | ${room.lastScreenMs.p50} / ${room.lastScreenMs.p99} | ${room.spreadMs.p50} / ${room.spreadMs.p99} | ` +
            `${room.serverCpuMsPerOrder} | ${room.missed} | ${loadAverage()[0]} |`,
        );
        console.log(rows.at(-1));
      } finally {
        await pos.stop();
      }
    }
  }
  console.log(
    [
      '',
      '| round | writes | 1,000 station screens: p50 / p99 ms after the request | … after the answer | server CPU ms per order | missed ' +
        '| one room of 1,000: last screen p50 / p99 ms after the answer | first to last screen p50 / p99 ms ' +
        '| server CPU ms per event | missed | load (1 min) |',
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  );
} finally {
  dataset.remove();
}
