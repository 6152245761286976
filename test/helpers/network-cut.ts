// A TCP relay between a client and the server whose line can be cut the way a dropped Wi-Fi cuts
// it: nothing more gets through either way, and neither end is told (no FIN, no RST), so the server
// learns of it only when its heartbeats go unanswered.
import { connect, createServer, type Server, type Socket } from 'node:net';

export class NetworkCut {
  private readonly pairs: [Socket, Socket][] = [];
  private cut = false;
  private readonly server: Server;
  /** Where clients connect instead of the server. */
  url = '';

  private constructor(target: URL) {
    this.server = createServer((client) => this.accept(client, target.hostname, Number(target.port)));
  }

  /** A relay to the server at `target` (http://host:port); clients connect to `url`. */
  static async to(target: string): Promise<NetworkCut> {
    const relay = new NetworkCut(new URL(target));
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
    const address = relay.server.address();
    if (!address || typeof address !== 'object') throw new Error('the relay has no port');
    relay.url = `http://127.0.0.1:${address.port}`;
    return relay;
  }

  /** From now on nothing gets through, and nobody is told. */
  drop(): void {
    this.cut = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const socket of pair) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, host: string, port: number): void {
    client.on('error', () => {});
    if (this.cut) {
      client.pause();
      this.pairs.push([client, client]);
      return;
    }
    const upstream = connect({ host, port });
    upstream.on('error', () => {});
    this.pairs.push([client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
