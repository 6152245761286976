// CPU of starting and closing one test app (test/helpers/app.ts), as the test suite does hundreds
// of times per process: a warm-up, then APPS apps started and closed one after another, printed as
// CPU ms per app (user + system of the whole process, process.cpuUsage). `LISTEN=0` starts them
// without a listening server (as `startTestApp()` alone); `ROUNDS` repeats the measured loop.
// Usage: npx tsx bench/tools/app-start.ts   (APPS=50 WARMUP=10 ROUNDS=3 by default)
import { startTestApp } from '../../test/helpers/app.js';

const APPS = Number(process.env.APPS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const listen = process.env.LISTEN !== '0';

async function startAndClose(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const t = await startTestApp({ listen });
    await t.close();
  }
}

const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

await startAndClose(WARMUP);
const figures: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = process.cpuUsage();
  await startAndClose(APPS);
  figures.push(ms(process.cpuUsage(before)) / APPS);
}
console.log(`CPU per start+close (${APPS} apps, listen ${listen}): ${figures.map((f) => f.toFixed(1)).join(' ')} ms`);
