// One conversation with a network printer over raw TCP (port 9100): ask whether it has paper (DLE
// EOT 4), send the chit, then ask its status again (DLE EOT 1). Its answer to that last question
// comes after every byte of the chit reached it: then, and only then, the job counts as printed.
import { connect, type Socket } from 'node:net';

export type PrinterFaultState = 'unreachable' | 'paper_out';

export class PrinterFault extends Error {
  constructor(
    readonly state: PrinterFaultState,
    message: string,
  ) {
    super(message);
    this.name = 'PrinterFault';
  }
}

export interface PrinterAddress {
  host: string;
  port: number;
}

const DLE_EOT = (n: number) => Uint8Array.of(0x10, 0x04, n);
/** DLE EOT 4 (roll paper sensor): bits 5 and 6 set when the paper has run out. */
const PAPER_END = 0x60;

/** The printer's answers, a byte at a time, each awaited with a time limit. */
class Answers {
  private readonly bytes: number[] = [];
  private waiting: ((byte: number | Error) => void) | null = null;
  private ended: Error | null = null;

  constructor(socket: Socket) {
    socket.on('data', (data: Buffer) => {
      this.bytes.push(...data);
      this.wake();
    });
    const end = (error?: Error) => {
      this.ended ??= new PrinterFault('unreachable', error ? `connection lost: ${error.message}` : 'the printer closed the connection');
      this.wake();
    };
    socket.on('error', end);
    socket.on('close', () => end());
  }

  next(timeoutMs: number, what: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new PrinterFault('unreachable', `no answer to ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting = (byte) => {
        clearTimeout(timer);
        this.waiting = null;
        if (byte instanceof Error) reject(byte);
        else resolve(byte);
      };
      this.wake();
    });
  }

  private wake(): void {
    if (!this.waiting) return;
    const byte = this.bytes.shift();
    if (byte !== undefined) this.waiting(byte);
    else if (this.ended) this.waiting(this.ended);
  }
}

function opened(address: PrinterAddress, timeoutMs: number, signal?: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port, ...(signal && { signal }) });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterFault('unreachable', `no connection to ${address.host}:${address.port} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', failed);
      resolve(socket);
    });
    const failed = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new PrinterFault('unreachable', `cannot connect to ${address.host}:${address.port} (${error.code ?? error.message})`));
    };
    socket.once('error', failed);
  });
}

/**
 * Asks the printer for its paper and, with `chit`, prints it. Resolves once the printer has
 * answered after the last byte; rejects with a PrinterFault otherwise (nothing is known printed).
 */
export async function talkTo(address: PrinterAddress, chit: Uint8Array | null, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const socket = await opened(address, timeoutMs, signal);
  // The server stopping: the line is dropped at once rather than waited out.
  const stop = () => socket.destroy(new Error('the server is stopping'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const answers = new Answers(socket);
    socket.write(DLE_EOT(4));
    if ((await answers.next(timeoutMs, 'the paper status request')) & PAPER_END)
      throw new PrinterFault('paper_out', 'the paper has run out');
    if (!chit) return;
    socket.write(chit);
    socket.write(DLE_EOT(1));
    await answers.next(timeoutMs, 'the status request after the chit');
  } finally {
    signal?.removeEventListener('abort', stop);
    socket.destroy();
  }
}
