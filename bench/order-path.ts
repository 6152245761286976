// `npm run bench:order-path`: the domain and the embedded store placing orders in one process,
// beside the SQL floor, in alternating windows (bench/lib/order-path.ts). Prints each window's CPU
// µs per order and the medians. BENCH_ORDER_PATH_STORED (20,000 stored orders), _WARMUP (8,000
// orders per side thrown away), _WINDOWS (8 per side) and _ORDERS (3,000 per window) change the run.
import { measureItemsPath } from './lib/items-path.js';
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

// Orders made of items against plain dish_ids orders of the same size (bench/lib/items-path.ts),
// paired in this run. BENCH_ITEMS_PATH=0 leaves them out.
if (process.env.BENCH_ITEMS_PATH !== '0') {
  const pairs = await measureItemsPath({
    stored: setting('STORED', 20_000),
    warmup: Math.ceil(setting('WARMUP', 8_000) / 4),
    windows: setting('WINDOWS', 8),
    perWindow: Math.ceil(setting('ORDERS', 3_000) / 3),
  });
  for (const pair of pairs) {
    console.log(
      `${pair.size} items with 2 options each: ${list(pair.items)} µs per order; median ${pair.itemsUs.toFixed(1)} | ` +
        `${pair.size} dish_ids: ${list(pair.plain)}; median ${pair.plainUs.toFixed(1)} | items ÷ plain: ${pair.ratio.toFixed(2)}×`,
    );
  }
}
