// Preloaded into the server under test by the growth suite (`--import`, with --expose-gc): on
// SIGUSR2 it writes where the memory is (process.memoryUsage() and V8's heap spaces), then the same
// after a full collection, to $BENCH_MEMORY_FILE. Plain JavaScript so it runs beside the build.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_MEMORY_FILE;
const mb = (bytes) => Math.round(bytes / 100_000) / 10;

function snapshot() {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_size)]));
  const { total_physical_size: physical, malloced_memory: malloced } = v8.getHeapStatistics();
  return {
    rss: mb(rss),
    heapTotal: mb(heapTotal),
    heapUsed: mb(heapUsed),
    heapPhysical: mb(physical),
    v8Malloced: mb(malloced),
    external: mb(external),
    arrayBuffers: mb(arrayBuffers),
    spaces,
  };
}

if (file) {
  process.on('SIGUSR2', () => {
    const loaded = snapshot();
    globalThis.gc?.();
    writeFileSync(file, JSON.stringify({ loaded, collected: snapshot() }));
  });
}
