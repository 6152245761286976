// A scripted MongoDB peer on 127.0.0.1 for the real driver: it answers the handshake, hello, ping,
// endSessions and killCursors itself, and every other command from the test's script, in order.
// A command with nothing scripted yet waits, as a getMore waits on a quiet server, until the test
// scripts its answer. Everything the driver sent is kept, so tests can check how it resumed.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { decode, encodeReply, frames, type Document, type Request } from './protocol.js';
import { CLUSTER_TIME, helloReply } from './replies.js';

/** Closes the connection instead of answering: the driver sees a network error. */
export const DROP = Symbol('drop the connection');
export type Scripted = Document | typeof DROP | ((command: Document) => Document | typeof DROP);

interface Waiting {
  name: string;
  /** What the command names after its verb: a collection, or 1. */
  target: unknown;
  socket: Socket;
  answer: (reply: Scripted) => void;
}

const BUILT_IN: Record<string, (peer: WirePeer) => Document> = {
  hello: (peer) => helloReply(peer.host, peer.lastWrite),
  ismaster: (peer) => helloReply(peer.host, peer.lastWrite),
  ping: () => ({ ok: 1 }),
  endSessions: () => ({ ok: 1 }),
  killCursors: () => ({ cursorsKilled: [], cursorsNotFound: [], cursorsAlive: [], cursorsUnknown: [], ok: 1 }),
};

export class WirePeer {
  /** Every command the driver sent, in arrival order (hello and isMaster included). */
  readonly received: { name: string; command: Document }[] = [];
  private readonly script = new Map<string, Scripted[]>();
  private readonly defaults = new Map<string, Scripted>();
  private readonly waiting: Waiting[] = [];
  private readonly sockets = new Set<Socket>();
  /** The newest write hello reports (the member's and the majority's). */
  lastWrite = CLUSTER_TIME;

  private constructor(
    private readonly server: Server,
    readonly host: string,
  ) {}

  static async start(): Promise<WirePeer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const peer = new WirePeer(server, `127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('connection', (socket) => peer.serve(socket));
    return peer;
  }

  /** A URI for the driver: one member, spoken to directly, failing fast when the peer is gone. */
  uri(database = 'pos'): string {
    return `mongodb://${this.host}/${database}?directConnection=true&serverSelectionTimeoutMS=2000&heartbeatFrequencyMS=500`;
  }

  /** Queues answers for the next commands named `name` (a command waiting for one gets it now). */
  reply(name: string, ...replies: Scripted[]): void {
    const queue = this.script.get(name) ?? [];
    queue.push(...replies);
    this.script.set(name, queue);
    for (const waiter of this.waiting.filter((entry) => entry.name === name)) {
      const next = queue.shift();
      if (next === undefined) break;
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.answer(next);
    }
  }

  /** Answers every `name` command the same way from now on, after anything queued. */
  always(name: string, reply: Scripted): void {
    this.defaults.set(name, reply);
    for (const waiter of this.waiting.filter((entry) => entry.name === name)) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.answer(reply);
    }
  }

  /** The commands named `name` received so far. */
  commands(name: string): Document[] {
    return this.received.filter((entry) => entry.name === name).map((entry) => entry.command);
  }

  /** Commands waiting for a scripted answer (a getMore parked like an awaitData cursor). */
  pending(name: string): number {
    return this.waiting.filter((entry) => entry.name === name).length;
  }

  /** What waits for an answer, as `name target` (`findAndModify print_spool`), for a failure message. */
  parked(): string[] {
    return this.waiting.map((entry) => `${entry.name} ${String(entry.target)}`);
  }

  /** Drops every open connection, as a crashed or restarted server would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('close', () => {
      this.sockets.delete(socket);
      // A parked command on this connection can no longer be answered.
      for (const waiter of this.waiting.filter((entry) => entry.socket === socket)) this.waiting.splice(this.waiting.indexOf(waiter), 1);
    });
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      const [messages, rest] = frames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const message of messages) this.handle(socket, decode(message));
    });
  }

  private handle(socket: Socket, request: Request): void {
    const name = Object.keys(request.command)[0] ?? '';
    const key = name.toLowerCase() === 'ismaster' ? 'ismaster' : name;
    this.received.push({ name: key, command: request.command });
    const answer = (scripted: Scripted) => {
      const reply = typeof scripted === 'function' ? scripted(request.command) : scripted;
      if (reply === DROP) return void socket.destroy();
      if (!request.noReply && !socket.destroyed) socket.write(encodeReply(request, reply));
    };
    const builtIn = BUILT_IN[key];
    if (builtIn) return answer(builtIn(this));
    const scripted = this.script.get(key)?.shift() ?? this.defaults.get(key);
    if (scripted !== undefined) return answer(scripted);
    this.waiting.push({ name: key, target: request.command[name], socket, answer });
  }
}
