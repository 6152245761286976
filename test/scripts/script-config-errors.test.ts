// A bad setting stops every script with the same one-line message the server prints (no stack):
// here a POS_JWT_SECRET of 32 spaces, which the server refuses too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeArgs, ROOT } from '../helpers/node-process.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'pos-script-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const PROBLEM =
  'Invalid configuration: POS_JWT_SECRET holds only whitespace: use 32 or more random characters, e.g. the output of `openssl rand -base64 48`';

const run = (entry: string, ...args: string[]) =>
  spawnSync(process.execPath, nodeArgs(entry, ...args), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      POS_DATA_DIR: path.join(scratch, 'data'),
      POS_JWT_SECRET: ' '.repeat(32),
      POS_ADMIN_USER_NAME: 'boss',
      POS_ADMIN_PASSWORD: 'B0ss&Pass',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('scripts with an invalid configuration', () => {
  it.each([
    ['server/main.ts', [], PROBLEM],
    ['scripts/backup.ts', [], `Cannot back up: ${PROBLEM}`],
    ['scripts/restore.ts', ['some.sqlite'], `Cannot restore: ${PROBLEM}`],
    ['scripts/reset-admin.ts', [], `Cannot reset the manager: ${PROBLEM}`],
    ['scripts/demo-data.ts', [], `Cannot add the demo data: ${PROBLEM}`],
  ] as const)('%s prints one line and exits 1', { timeout: 60_000 }, (entry, args, message) => {
    const result = run(entry, ...args);
    expect({ status: result.status, stderr: result.stderr, stdout: result.stdout }).toStrictEqual({
      status: 1,
      stderr: `${message}\n`,
      stdout: '',
    });
  });
});
