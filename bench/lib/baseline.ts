// The baseline of `npm run bench:guard`: the commit named in bench/guard-baseline, checked out in a
// temporary git worktree and built there with its own tsc configuration into the scratch space
// (node_modules shared with this checkout). A build is kept per commit, so only the first run pays it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, RUN_DIR, WORK_DIR } from './options.js';

const ROOT = path.dirname(BENCH_DIR);
export const BASELINE_FILE = path.join(BENCH_DIR, 'guard-baseline');

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The baseline's full commit id: the first word of bench/guard-baseline's first line that is not a comment. */
export function baselineCommit(file = BASELINE_FILE): string {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '' && !text.startsWith('#'));
  const named = line?.split(/\s+/)[0];
  if (!named) throw new Error(`${file} names no commit: write the baseline's commit id on its first line`);
  try {
    return git(['rev-parse', '--verify', `${named}^{commit}`]);
  } catch {
    throw new Error(`${file} names ${named}, which is not a commit of this repository (a shallow clone? fetch it first)`);
  }
}

export interface BaselineBuild {
  commit: string;
  /** server/main.js of the baseline's build. */
  entry: string;
}

/** Builds the commit (once; later runs reuse it) and returns where its server starts. */
export function buildBaseline(commit: string, log: (line: string) => void): BaselineBuild {
  const out = path.join(WORK_DIR, 'baseline', commit);
  const entry = path.join(out, 'server', 'main.js');
  if (existsSync(entry)) return { commit, entry };
  const source = path.join(RUN_DIR, 'baseline-source');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(path.dirname(source), { recursive: true });
  log(`Building the baseline ${commit.slice(0, 10)} in a temporary worktree…`);
  git(['worktree', 'add', '--detach', '--force', source, commit]);
  try {
    symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(source, 'node_modules'), 'dir');
    rmSync(out, { recursive: true, force: true });
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
    execFileSync(tsc, ['-p', 'tsconfig.build.json', '--outDir', out, '--tsBuildInfoFile', path.join(out, '.tsbuildinfo')], {
      cwd: source,
      stdio: 'inherit',
      timeout: 300_000,
    });
    // The boards plugin finds web/public beside the build, as it does beside dist/.
    cpSync(path.join(source, 'web'), path.join(out, 'web'), { recursive: true });
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  } finally {
    git(['worktree', 'remove', '--force', source]);
  }
  return { commit, entry };
}
