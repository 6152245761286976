// The server under test is the production build (tsc, as `npm run build` makes it), compiled into
// the bench's scratch space so the shared dist/ is left to whoever else is using it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, WORK_DIR } from './options.js';

const ROOT = path.dirname(BENCH_DIR);
export const BUILD_DIR = path.join(WORK_DIR, 'build');
export const SERVER_ENTRY = path.join(BUILD_DIR, 'server', 'main.js');

export function buildServer(): void {
  mkdirSync(BUILD_DIR, { recursive: true });
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  execFileSync(tsc, ['-p', 'tsconfig.build.json', '--outDir', BUILD_DIR, '--tsBuildInfoFile', path.join(BUILD_DIR, '.tsbuildinfo')], {
    cwd: ROOT,
    stdio: 'inherit',
    timeout: 300_000,
  });
  // The boards plugin finds web/public beside the build, as it does beside dist/.
  const web = path.join(BUILD_DIR, 'web');
  if (!existsSync(web)) symlinkSync(path.join(ROOT, 'web'), web, 'dir');
}
