// Summarizes a V8 CPU profile (from `BENCH_CPU_PROF=1 npm run bench`, or any `node --cpu-prof`):
// the functions with the most self time, and the source files with the most self time.
// Usage: npx tsx bench/tools/profile-summary.ts <file.cpuprofile> [rows] [skip seconds, e.g. start-up]
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const where = (url: string) => {
  const marker = url.lastIndexOf('node_modules/');
  if (marker >= 0) return url.slice(marker + 'node_modules/'.length);
  return url.includes('/bench/.work/build/')
    ? url.slice(url.indexOf('/bench/.work/build/') + '/bench/.work/build/'.length)
    : path.basename(url) || '(native)';
};

export function summarizeProfile(profile: Profile, rows = 25, skipSeconds = 0): string {
  const selfMs = new Map<number, number>();
  let elapsedMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    elapsedMs += ms;
    if (elapsedMs >= skipSeconds * 1000) selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  });
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const file = where(url)
      .split('/')
      .slice(0, url.includes('node_modules/') ? 1 : 2)
      .join('/');
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${name}`)
      .join('\n');
  return `total ${total.toFixed(0)} ms sampled\n\nself time by function:\n${table(byFunction)}\n\nself time by package or file:\n${table(byFile)}\n`;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const [file, rows, skip] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/tools/profile-summary.ts <file.cpuprofile> [rows] [skip seconds]');
  process.stdout.write(summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(rows ?? 25), Number(skip ?? 0)));
}
