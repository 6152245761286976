// The load runner's orders per second: a fixed count of requests ends with its last response, not
// with autocannon's next one-second tick (which capped every fast run at count ÷ whole seconds).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { loadCount } from '../../bench/lib/load.js';
import type { ServerProcess } from '../../bench/lib/processes.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

it('measures a fixed count of requests up to its last response', async () => {
  let answered = 0;
  const server = http.createServer((_request, response) => {
    answered += 1;
    response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // A server in this process: its CPU time is not what the test is about.
  const tiny: ServerProcess = {
    name: 'tiny',
    pid: 0,
    url: `http://127.0.0.1:${port}`,
    memory: () => ({ rssMB: 0, peakMB: 0 }),
    cpuMs: () => 0,
    stop: async () => {},
  };

  // The clock loadCount reads at the start and at each response moves 1 ms per reading: its rate is
  // then exact, and no second of autocannon's ticking can enter it (a rate of the wall clock would
  // depend on how busy the machine is).
  let ms = 0;
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => (ms += 1));
  let result;
  let readings: number[];
  try {
    result = await loadCount(
      tiny,
      { requests: [{ method: 'POST', path: '/orders', body: '{}' }] },
      { connections: 4, count: 400, warmup: 0 },
    );
  } finally {
    readings = clock.mock.results.map(({ value }) => value as number);
    clock.mockRestore();
  }

  expect({ answered, requests: result.requests, created: result.statusCodes['201'] }).toEqual({
    answered: 400,
    requests: 400,
    created: 400,
  });
  // 400 requests from the start's reading to the last response's: the rate over exactly that time.
  expect(readings.length).toBeGreaterThanOrEqual(401);
  expect(result.rps).toBe(Math.round(400 / ((readings.at(-1)! - readings[0]!) / 1000)));
});
