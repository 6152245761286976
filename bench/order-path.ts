// `npm run bench:order-path`: the domain and the embedded store placing orders in one process,
// beside the SQL floor, in alternating windows (bench/lib/order-path.ts). Prints each window's CPU
// µs per order and the medians. BENCH_ORDER_PATH_STORED (20,000 stored orders), _WARMUP (8,000
// orders per side thrown away), _WINDOWS (8 per side) and _ORDERS (3,000 per window) change the run.
import { measureOrderPath } from './lib/order-path.js';

const setting = (name: string, fallback: number) => Number(process.env[`BENCH_ORDER_PATH_${name}`] ?? fallback);

const result = await measureOrderPath({
  stored: setting('STORED', 20_000),
  warmup: setting('WARMUP', 8_000),
  windows: setting('WINDOWS', 8),
  perWindow: setting('ORDERS', 3_000),
});
const list = (values: number[]) => values.map((us) => us.toFixed(0)).join(' ');
console.log(`ours (createOrder, 16 at a time): ${list(result.ours)} µs per order; median ${result.oursUs.toFixed(1)}`);
console.log(`floor (SQL, 16 per transaction): ${list(result.floor)} µs per order; median ${result.floorUs.toFixed(1)}`);
console.log(`ours ÷ floor: ${result.ratio.toFixed(2)}× (${result.placed.toLocaleString('en-US')} orders placed)`);
