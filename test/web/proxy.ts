// A TCP proxy between the browser and the server that can stop traffic without closing anything,
// as a tablet's Wi-Fi does when it drops: while held, bytes in both directions wait (as TCP keeps
// retransmitting them); on release they are delivered late, and only then any close that came
// meanwhile. What is delivered late is recorded, so a test can show a late request did arrive.
import { connect, createServer, type Socket } from 'node:net';

export interface HoldingProxy {
  url: string;
  hold(): void;
  release(): void;
  /** Client-to-server text delivered by release() (HTTP requests are readable in it). */
  lateRequests(): string;
  close(): Promise<void>;
}

export async function holdingProxy(target: string): Promise<HoldingProxy> {
  const { hostname, port } = new URL(target);
  let holding = false;
  let late = '';
  const queued: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const later = (run: () => void) => (holding ? queued.push(run) : run());

  function pipe(from: Socket, to: Socket, toServer: boolean) {
    from.on('data', (chunk: Buffer) => {
      if (holding && toServer) late += chunk.toString('latin1');
      later(() => void to.write(chunk));
    });
    // A close that happens while held reaches the other side after the held bytes, a little later.
    from.on('end', () => later(() => void setTimeout(() => to.end(), 300)));
    from.on('error', () => to.destroy());
  }

  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pipe(client, upstream, true);
    pipe(upstream, client, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const run of queued.splice(0)) run();
    },
    lateRequests: () => late,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
