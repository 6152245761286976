// A kitchen printer for tests and for trying chits without hardware: a TCP server speaking enough
// ESC/POS (escpos-decoder.ts) to record each chit it is sent as text lines, answering status
// requests as an Epson does. It can be told to refuse connections, stall, close mid-job or run out
// of paper.
import { createServer, type Server, type Socket } from 'node:net';
import { EscPosDecoder, type DecodedChit, type DecodedLine } from './escpos-decoder.js';

/**
 * ok: prints; refuse: nobody listens on the port (connection refused); stall: connections are
 * accepted and never read or answered; close-mid-job: the connection is dropped halfway through
 * the first chit it is sent; paper-out: it answers that its paper has run out.
 */
export type PrinterBehaviour = 'ok' | 'refuse' | 'stall' | 'close-mid-job' | 'paper-out';

/** DLE EOT answers: bits 1 and 4 are always set; 0x60 in n=4 is "paper end detected", 0x08 in n=1 "offline". */
const STATUS_OK = 0x12;
const PAPER_END = 0x12 | 0x60;
const OFFLINE = 0x12 | 0x08;

export class TestPrinter {
  readonly chits: DecodedChit[] = [];
  /** What arrived of jobs cut off before their end (close-mid-job). */
  readonly torn: DecodedLine[][] = [];
  /** Connections accepted, whatever became of them. */
  connections = 0;
  private behaviour: PrinterBehaviour = 'ok';
  private readonly sockets = new Set<Socket>();
  private listeners: ((chit: DecodedChit) => void)[] = [];
  private readonly server: Server;

  private constructor(
    private readonly host: string,
    public port: number,
  ) {
    this.server = createServer((socket) => this.serve(socket));
  }

  /** Starts listening (port 0: any free port; see `port`). */
  static async start(port = 0, host = '127.0.0.1'): Promise<TestPrinter> {
    const printer = new TestPrinter(host, port);
    await printer.listen();
    return printer;
  }

  /** Every chit received from now on. */
  onChit(listener: (chit: DecodedChit) => void): void {
    this.listeners.push(listener);
  }

  /** Changes how it behaves from now on; `refuse` stops listening, anything else listens again. */
  async behave(behaviour: PrinterBehaviour): Promise<void> {
    const wasListening = this.behaviour !== 'refuse';
    this.behaviour = behaviour;
    if (behaviour === 'refuse' && wasListening) {
      for (const socket of this.sockets) socket.destroy();
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
    } else if (behaviour !== 'refuse' && !wasListening) await this.listen();
  }

  /** The chits' lines as text, one array per chit. */
  texts(): string[][] {
    return this.chits.map((chit) => chit.lines.map((line) => line.text));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.behaviour !== 'refuse') await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.behaviour = 'refuse';
  }

  private async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, this.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  private serve(socket: Socket): void {
    this.connections++;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    if (this.behaviour === 'stall') {
      socket.pause();
      return;
    }
    let received = 0;
    const decoder = new EscPosDecoder({
      chit: (chit) => {
        this.chits.push(chit);
        for (const listener of this.listeners) listener(chit);
      },
      status: (n) => {
        if (socket.destroyed) return;
        const paperOut = this.behaviour === 'paper-out';
        socket.write(Uint8Array.of(n === 4 && paperOut ? PAPER_END : n === 1 && paperOut ? OFFLINE : STATUS_OK));
      },
    });
    socket.on('data', (data: Buffer) => {
      if (this.behaviour === 'close-mid-job' && received + data.length > 8) {
        // Half of this piece arrives, then the line goes dead: no answer, no cut.
        decoder.feed(data.subarray(0, Math.max(0, Math.floor(data.length / 2))));
        this.torn.push(decoder.torn);
        socket.destroy();
        return;
      }
      received += data.length;
      decoder.feed(data);
    });
  }
}
