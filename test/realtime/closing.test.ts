// Screens do not hold the server's close up. A tablet gone from the network (it never answers the
// WebSocket close, and sends no FIN) is cut once the other clients have had their grace, as /ws
// clients are, instead of waiting ws's 30 s for an answer; a board that keeps retrying its live link
// during the close, on a kept-alive connection that socket.io answers, has that connection closed
// as soon as it falls idle.
import { once } from 'node:events';
import { connect } from 'node:net';
import { expect } from 'vitest';
import { it } from '../helpers/fixtures.js';

/** Well past the close grace (2 s) and short of ws's 30 s wait for a close frame. */
const CLOSED_WITHIN_MS = 10_000;

it("closes within the grace when a socket.io client's WebSocket never answers the close", async ({ startApp }) => {
  const t = await startApp();
  const peer = connect({ host: '127.0.0.1', port: Number(new URL(t.url).port) });
  await once(peer, 'connect');
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
  const cut = once(peer, 'close').then(() => 'cut by the server');

  const outcome = await Promise.race([
    t.close().then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, 'still open')),
  ]);
  const ended = await Promise.race([cut, new Promise<string>((resolve) => setTimeout(resolve, 100, 'still connected'))]);
  peer.destroy();
  expect({ outcome, ended }).toStrictEqual({ outcome: 'closed', ended: 'cut by the server' });
});

it('closes while a board keeps retrying its live link on a kept-alive connection', async ({ startApp }) => {
  const t = await startApp();
  // A connection the browser opened ahead of need (Chromium does), not yet used when the close begins.
  const peer = connect({ host: '127.0.0.1', port: Number(new URL(t.url).port) });
  await once(peer, 'connect');
  let received = '';
  peer.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const ended = once(peer, 'close').then(() => 'closed by the server');

  const closing = t.close().then(() => 'closed');
  // The board retries its live link on it every 200 ms: a socket.io handshake over long polling,
  // which socket.io answers with the connection kept alive.
  const retries = setInterval(() => {
    if (!peer.destroyed) peer.write('GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  }, 200);
  const outcome = await Promise.race([closing, new Promise<string>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, 'still open'))]);
  clearInterval(retries);
  const connection = await Promise.race([ended, new Promise<string>((resolve) => setTimeout(resolve, 100, 'still connected'))]);
  peer.destroy();
  expect({ outcome, connection }).toStrictEqual({ outcome: 'closed', connection: 'closed by the server' });
  // What it was answered before the connection closed: sessions of a server about to go, never a hang.
  expect(received.match(/^HTTP\/1\.1 \d+/gm)?.every((line) => line === 'HTTP/1.1 200') ?? true).toBe(true);
});

it('closes at once beside a connection the browser opened ahead of need and never used', async ({ startApp }) => {
  // The server's own connection timeout (60 s), not the 5 s tests use: without the sweep the close waits for it.
  const t = await startApp({ env: { POS_CONNECTION_TIMEOUT_MS: '60000' } });
  const peer = connect({ host: '127.0.0.1', port: Number(new URL(t.url).port) });
  await once(peer, 'connect');
  const ended = once(peer, 'close').then(() => 'closed by the server');

  const outcome = await Promise.race([
    t.close().then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, 'still open')),
  ]);
  const connection = await Promise.race([ended, new Promise<string>((resolve) => setTimeout(resolve, 100, 'still connected'))]);
  peer.destroy();
  expect({ outcome, connection }).toStrictEqual({ outcome: 'closed', connection: 'closed by the server' });
});
