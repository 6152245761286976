// `npm run printer -- --port N`: the test printer on a port, writing each chit it receives to the
// terminal, so a newcomer sees the kitchen's chits without hardware.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { testChit } from '../../domain/printers/chit.js';
import { encodeChit } from '../../domain/printers/escpos.js';
import { nodeArgs, ROOT } from '../helpers/node-process.js';

describe('npm run printer', () => {
  it('listens on the port given and writes each chit it receives to the terminal', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, nodeArgs('scripts/printer.ts', '--port', '0', '--host', '127.0.0.1'), {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
    });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    try {
      await vi.waitFor(() => expect(out).toMatch(/listens on 127\.0\.0\.1:\d+/), { timeout: 20_000, interval: 50 });
      const port = Number(/listens on 127\.0\.0\.1:(\d+)/.exec(out)![1]);
      const chit = testChit({ name: 'Hot line', host: '192.168.1.50', port: 9100, stations: ['hot'] }, '2026-11-21T19:42:00.000Z', 'UTC');
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(encodeChit(chit, 32), resolve));
        socket.on('error', reject);
      });
      await vi.waitFor(() => expect(out).toContain('✂'), { timeout: 5000, interval: 50 });
      const lines = out.split('\n').map((line) => line.trimEnd());
      const row = (text: string) => `│ ${text.padEnd(32)} │`;
      expect(lines).toEqual(expect.arrayContaining([row('## ** TEST **'), row('## Hot line'), row('Printed 21 Nov, 19:42')]));
      expect(lines.some((line) => /^└─+┘ ✂ /.test(line))).toBe(true);
    } finally {
      child.kill('SIGINT');
    }
  });
});
