// The growth section of bench.md: every list at each size, and where the server's memory went.
import type { GrowthPoint } from '../suites/growth.js';
import type { Memory } from './processes.js';
import type { Results } from './targets.js';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const mem = (m: Memory | null | undefined) =>
  m ? `${m.rssMB}${m.anonMB === undefined ? '' : ` (anon ${m.anonMB}, file ${m.fileMB})`}` : '—';

export function growthTables({ growth }: Results): string[] {
  if (growth.length === 0) return ['Not measured in this run.'];
  const sizes = growth.map((g) => g.orders.toLocaleString('en-US'));
  const names = growth[0]?.lists.map((l) => l.name) ?? [];
  const first = growth[0];
  const last = growth.at(-1);
  const cell = (g: (typeof growth)[number], name: string) => {
    const result = g.lists.find((l) => l.name === name)?.result;
    return result ? `${result.cpuUsPerRequest} µs, ${result.latencyMs.p50} / ${result.latencyMs.p99} ms` : '—';
  };
  const ratio = (name: string) => {
    const a = first?.lists.find((l) => l.name === name)?.result;
    const b = last?.lists.find((l) => l.name === name)?.result;
    return a && b && first !== last ? `${(b.cpuUsPerRequest / a.cpuUsPerRequest).toFixed(2)}×` : '—';
  };
  const heap = (g: (typeof growth)[number], when: 'loaded' | 'collected') => heapOf(g.breakdown, when);
  return [
    "Each cell: server CPU per request, then p50 / p99 latency under the load; the last column is the largest size's CPU per request over the smallest's.",
    '',
    row(['list', ...sizes, 'growth']),
    row(['---', ...sizes.map(() => '---:'), '---:']),
    ...names.map((name) =>
      row([
        `${name}: \`${growth[0]?.lists.find((l) => l.name === name)?.path.replace(/from=.*$/, 'from=…') ?? ''}\``,
        ...growth.map((g) => cell(g, name)),
        ratio(name),
      ]),
    ),
    row(['seeding through the store (s)', ...growth.map((g) => g.seedSeconds), '']),
    row(['database file (MB)', ...growth.map((g) => g.databaseMB), '']),
    row(['RSS once started (MB)', ...growth.map((g) => mem(g.idle)), '']),
    row(['**RSS after the loads (MB)**', ...growth.map((g) => mem(g.loaded)), '']),
    row(['V8 heap used / total after the loads (MB)', ...growth.map((g) => heap(g, 'loaded')), '']),
    row(['RSS after a full collection (MB)', ...growth.map((g) => mem(g.collected)), '']),
    row(['V8 heap used / total after it (MB)', ...growth.map((g) => heap(g, 'collected')), '']),
    row(["V8's young generation (new space) after the loads (MB)", ...growth.map((g) => newSpace(g.breakdown)), '']),
    ...candidateLines(last),
  ];
}

function heapOf(breakdown: GrowthPoint['breakdown'], when: 'loaded' | 'collected'): string {
  const b = breakdown?.[when] as { heapTotal?: number; heapUsed?: number; external?: number; arrayBuffers?: number } | undefined;
  return b ? `${b.heapUsed} / ${b.heapTotal} (external ${b.external}, buffers ${b.arrayBuffers})` : '—';
}

const newSpace = (b: GrowthPoint['breakdown']) =>
  String((b?.loaded as { spaces?: Record<string, number> } | undefined)?.spaces?.new_space ?? '—');

/** The same loads at the largest size on servers started with candidate node flags. */
function candidateLines(point: GrowthPoint | undefined): string[] {
  if (!point?.candidates?.length) return [];
  return point.candidates.flatMap((c) => {
    const cpu = c.lists
      .map(
        ({ name, result }) =>
          `${name.split(' (')[0]} ${point.lists.find((l) => l.name === name)?.result.cpuUsPerRequest ?? '?'} → ${result.cpuUsPerRequest} µs`,
      )
      .join('; ');
    return [
      '',
      `**Memory candidate \`${c.nodeFlags.join(' ')}\`**: at ${point.orders.toLocaleString('en-US')} orders ` +
        `the same loads on a server started with it added: RSS ${mem(c.idle)} MB once started, ` +
        `**${mem(c.loaded)} MB after the loads** (${mem(c.collected)} MB after a full collection; V8 heap ` +
        `${heapOf(c.breakdown, 'loaded')} MB, young generation ${newSpace(c.breakdown)} MB), against ` +
        `${point.loaded.rssMB} MB without. CPU per request without → with: ${cpu}.`,
    ];
  });
}
