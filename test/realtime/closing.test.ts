// Screens do not hold the server's close up. A tablet gone from the network (it never answers the
// WebSocket close, and sends no FIN) is cut once the other clients have had their grace, as /ws
// clients are, instead of waiting ws's 30 s for an answer; a board that keeps retrying its live link
// during the close, on a kept-alive connection that socket.io answers, has that connection closed
// as soon as it falls idle; a connection opened ahead of need and never used is closed too.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';

/** Well past the close grace (2 s) and short of ws's 30 s wait for a close frame. */
const CLOSED_WITHIN_MS = 10_000;

const within = (ms: number, promise: Promise<string>, otherwise: string) =>
  Promise.race([promise, new Promise<string>((resolve) => setTimeout(resolve, ms, otherwise))]);

/** A raw TCP connection to the app, and what became of it: closed by the server, or not. */
async function rawPeer(t: TestApp): Promise<{ peer: Socket; ended: () => Promise<string> }> {
  const peer = connect({ host: '127.0.0.1', port: Number(new URL(t.url).port) });
  await once(peer, 'connect');
  const closed = once(peer, 'close').then(() => 'closed by the server');
  return { peer, ended: () => within(100, closed, 'still connected') };
}

/** The app's close: 'closed', or 'still open' once CLOSED_WITHIN_MS have passed. */
const closing = (t: TestApp) =>
  within(
    CLOSED_WITHIN_MS,
    t.close().then(() => 'closed'),
    'still open',
  );

it("closes within the grace when a socket.io client's WebSocket never answers the close", async ({ startApp }) => {
  const t = await startApp();
  const { peer, ended } = await rawPeer(t);
  peer.write(
    [
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
      'Host: 127.0.0.1',
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  const [answer] = (await once(peer, 'data')) as [Buffer];
  expect(answer.toString('latin1').split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
  // From here the peer reads what comes but never writes again: no close frame, no FIN.

  const outcome = await closing(t);
  const connection = await ended();
  peer.destroy();
  expect({ outcome, connection }).toStrictEqual({ outcome: 'closed', connection: 'closed by the server' });
});

it('closes while a board keeps retrying its live link on a kept-alive connection', async ({ startApp }) => {
  const t = await startApp();
  // A connection the browser opened ahead of need (Chromium does), not yet used when the close begins.
  const { peer, ended } = await rawPeer(t);
  let received = '';
  peer.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));

  const closed = closing(t);
  // The board retries its live link on it every 200 ms: a socket.io handshake over long polling,
  // which socket.io answers with the connection kept alive.
  const retries = setInterval(() => {
    if (!peer.destroyed) peer.write('GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  }, 200);
  const outcome = await closed;
  clearInterval(retries);
  const connection = await ended();
  peer.destroy();
  expect({ outcome, connection }).toStrictEqual({ outcome: 'closed', connection: 'closed by the server' });
  // What it was answered before the connection closed: sessions of a server about to go, never a hang.
  expect(received.match(/^HTTP\/1\.1 \d+/gm)?.every((line) => line === 'HTTP/1.1 200') ?? true).toBe(true);
});

it('closes at once beside a connection the browser opened ahead of need and never used', async ({ startApp }) => {
  // The server's own connection timeout (60 s), not the 5 s tests use: without the sweep the close waits for it.
  const t = await startApp({ env: { POS_CONNECTION_TIMEOUT_MS: '60000' } });
  const { peer, ended } = await rawPeer(t);

  const outcome = await closing(t);
  const connection = await ended();
  peer.destroy();
  expect({ outcome, connection }).toStrictEqual({ outcome: 'closed', connection: 'closed by the server' });
});
