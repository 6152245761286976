// A board's asset served by this tree and by another commit (the one before a change to
// server/plugins/boards.ts), paired: the two production builds alternate round by round, a fresh
// server each, loaded with the same fixed number of GETs of one script three folders deep
// (/boards/js/kds/ticket.js, as a KDS page loads it). Per build: the server's CPU per request and
// requests per second. BENCH_ROUNDS (default 6), BENCH_STATIC_REQUESTS (default 20,000).
// Usage: npx tsx bench/tools/static-assets.ts <commit>. Results: bench/results/static-assets.*
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildBaseline } from '../lib/baseline.js';
import { buildServer, SERVER_ENTRY } from '../lib/build.js';
import { Dataset } from '../lib/dataset.js';
import { combine, loadCount, type LoadResult } from '../lib/load.js';
import { describeMachine, loadAverage } from '../lib/machine.js';
import { BENCH_DIR } from '../lib/options.js';
import { startPos } from '../lib/servers.js';

const ROOT = path.dirname(BENCH_DIR);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const ASSET = '/boards/js/kds/ticket.js';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const COUNT = Number(process.env.BENCH_STATIC_REQUESTS ?? 20_000);
const LOAD = { connections: 10, count: COUNT, warmup: 3_000 };

const named = process.argv[2];
if (!named) throw new Error('usage: npx tsx bench/tools/static-assets.ts <commit to compare this tree with>');
const commit = git('rev-parse', '--verify', `${named}^{commit}`);
type Side = 'before' | 'tree';
const entries: Record<Side, string> = { before: buildBaseline(commit, console.log).entry, tree: SERVER_ENTRY };
buildServer();

const started = new Date();
const dataset = await Dataset.create('static-assets');
const runs: Record<Side, LoadResult[]> = { before: [], tree: [] };
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // Which build goes first alternates, so a machine getting busier or quieter weighs on both alike.
    const order: Side[] = round % 2 === 1 ? ['before', 'tree'] : ['tree', 'before'];
    for (const side of order) {
      const pos = await startPos(dataset.dir, `static-${side}-${round}`, { entry: entries[side] });
      try {
        const result = await loadCount(pos, { requests: [{ method: 'GET', path: ASSET }] }, LOAD);
        if (result.non2xx || result.errors || result.timeouts) throw new Error(`${side}: ${JSON.stringify(result.statusCodes)}`);
        runs[side].push(result);
        console.log(`round ${round} ${side}: ${result.cpuUsPerRequest} µs CPU per request, ${result.rps}/s`);
      } finally {
        await pos.stop();
      }
    }
  }
} finally {
  dataset.remove();
}

const side = (name: Side) => ({ ...combine(runs[name]), rounds: runs[name].map(({ cpuUsPerRequest, rps }) => ({ cpuUsPerRequest, rps })) });
const record = {
  date: started.toISOString(),
  machine: describeMachine(),
  loadAverageAtEnd: loadAverage(),
  asset: ASSET,
  settings: { rounds: ROUNDS, ...LOAD },
  before: { commit, subject: git('log', '-1', '--format=%s', commit).slice(0, 120), ...side('before') },
  tree: { commit: git('rev-parse', 'HEAD'), changed: git('status', '--porcelain', '--untracked-files=no') !== '', ...side('tree') },
};
const ratio = (value: (result: LoadResult) => number) => (value(record.tree) / value(record.before)).toFixed(2);
const md = [
  '# A board asset: this tree against the commit before it',
  '',
  `Run ${record.date} on ${record.machine.cores}× ${record.machine.cpu} (shared; load average ${record.loadAverageAtEnd.join(', ')} at the end).`,
  `Method: the production builds of ${commit.slice(0, 10)} and ${record.tree.commit.slice(0, 10)}${record.tree.changed ? ' (with changes)' : ''}, ` +
    `${ROUNDS} rounds, the two alternating which goes first, a fresh server each; ${COUNT.toLocaleString('en-US')} GETs of ${ASSET} ` +
    `over ${LOAD.connections} connections after ${LOAD.warmup.toLocaleString('en-US')} thrown away; CPU is the server process's own (user + system) ` +
    'around the measured requests. bench/tools/static-assets.ts.',
  '',
  '| build | CPU per request (µs) | requests/s | per round (µs) |',
  '|---|---|---|---|',
  ...(['before', 'tree'] as const).map(
    (name) =>
      `| ${name === 'before' ? `before (${commit.slice(0, 10)})` : 'this tree'} | ${record[name].cpuUsPerRequest} | ${record[name].rps} | ` +
      `${record[name].rounds.map((run) => run.cpuUsPerRequest).join(', ')} |`,
  ),
  '',
  `This tree against the commit before: ${ratio((result) => result.cpuUsPerRequest)}× the CPU per request, ` +
    `${ratio((result) => result.rps)}× the requests per second.`,
  '',
];
const out = path.join(BENCH_DIR, 'results', 'static-assets');
writeFileSync(`${out}.json`, JSON.stringify(record, null, 2) + '\n');
writeFileSync(`${out}.md`, md.join('\n'));
console.log(md.join('\n'));
