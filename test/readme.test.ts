// The README's curl walkthrough, run exactly as written against a real server.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './helpers/app.js';

const run = promisify(execFile);

function curlWalkthrough(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Try it with curl')[1]?.split('\n## ')[0] ?? '';
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  // The first block starts the server; the test starts its own.
  return blocks.slice(1).join('\n');
}

describe('README curl examples', () => {
  it('stock the kitchen, let a patron order, and let the chef start it', async () => {
    const script = curlWalkthrough();
    expect(script).toContain('BASE=http://localhost:3000');
    const t = await startTestApp({
      listen: true,
      withoutUsers: true,
      env: { POS_ADMIN_USER_NAME: 'admin', POS_ADMIN_PASSWORD: 'Admin@2026!' },
    });
    try {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script.replace('BASE=http://localhost:3000', `BASE=${t.url}`)]);
      const lastLine = stdout.trim().split('\n').pop() ?? '';
      const started = JSON.parse(lastLine.slice(lastLine.lastIndexOf('{"id"')));
      expect(started).toMatchObject({ name: 'Ben', table_number: 18, special_requests: 'No peanuts', status: 'In Progress', priority: 3 });

      const [rice] = await t.store.collection('ingredients').find([]);
      expect(rice).toMatchObject({ name: 'Arborio rice', in_stock_qty: 39 });
      const users = await t.store.collection('users').find([], { sort: { field: 'user_name', direction: 'asc' } });
      expect(users.map((user) => [user.user_name, user.role])).toEqual([
        ['admin', 'manager'],
        ['ben', 'patron'],
        ['chef_ana', 'chef'],
      ]);
    } finally {
      await t.close();
    }
  });
});
