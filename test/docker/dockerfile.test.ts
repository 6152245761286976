// The Dockerfile builds (docker/check-image.sh builds and runs it for real; see docs/production.md):
// no `npm ci` may run the project's `prepare` (tsc) before the sources and tsconfig.build.json are
// copied in (TS5058), nor node-gyp for better-sqlite3 (its binding.gyp; Node's headers would be
// downloaded), and the base image is a build argument so a locally made one can stand in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');
const lines = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').split('\n');
const index = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));

describe('the Dockerfile', () => {
  it('installs packages without install scripts, and builds only after the sources are copied', () => {
    const installs = lines.filter((line) => /\bnpm (ci|install)\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install).toContain('--ignore-scripts');
    const build = index(/^RUN npm run build$/);
    expect(build).toBeGreaterThan(index(/^COPY \. \.$/));
    expect(index(/^COPY \. \.$/)).toBeGreaterThan(index(/^RUN npm ci --ignore-scripts/));
  });

  it('proves the SQLite driver loads from its prebuilt binary, takes NODE_IMAGE as a build argument, and pulls no dockerfile frontend', () => {
    expect(lines.join('\n')).toContain(`node -e "new (require('better-sqlite3'))(':memory:').close()"`);
    expect(lines).toContain('ARG NODE_IMAGE=node:24-slim');
    expect(lines.filter((line) => line.startsWith('FROM ')).every((line) => line.startsWith('FROM ${NODE_IMAGE} AS '))).toBe(true);
    expect(lines[0]).not.toMatch(/^# syntax=/);
  });
});
