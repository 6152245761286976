// A tablet gone from the network while the server closes (it never answers the WebSocket close, and
// sends no FIN) does not hold the close up: its socket.io connection is cut once the other clients
// have had their grace, as /ws clients are, instead of waiting ws's 30 s for an answer.
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
