// A lean socket.io client for the realtime benchmarks: the Engine.IO v4 / Socket.IO v5 protocol
// over one WebSocket, just enough to sign in, join a room and note when an event arrives. With 1000
// screens in one process, socket.io-client's decoding of every frame (each order also sends a
// stock.updated and station.all_day besides its order events) would make the load generator, not the server,
// the thing measured; here a frame that is not awaited costs a string prefix check.
import WebSocket from 'ws';

export interface LeanSocket {
  close(): void;
}

export interface LeanOptions {
  /** ws://host:port */
  url: string;
  token: string | undefined;
  room: string;
  /** Event name to watch and what to do with its payload (parsed only for this event). */
  event: string;
  onEvent: (data: unknown) => void;
  /** Called for every Socket.IO event frame received, watched or not. */
  onAnyEvent: () => void;
  timeoutMs: number;
}

export function connectLean({ url, token, room, event, onEvent, onAnyEvent, timeoutMs }: LeanOptions): Promise<LeanSocket> {
  const ws = new WebSocket(`${url}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  const eventPrefix = `42${JSON.stringify([event]).slice(0, -1)},`;
  const lean: LeanSocket = { close: () => ws.close() };
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      ws.terminate();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`no subscription to ${room} within ${timeoutMs} ms`)), timeoutMs);
    ws.on('error', fail);
    ws.on('message', (raw: Buffer) => {
      const frame = raw.toString();
      if (frame.startsWith('42')) onAnyEvent();
      if (frame.startsWith(eventPrefix)) return onEvent((JSON.parse(frame.slice(2)) as [string, unknown])[1]);
      // Engine.IO: "0" open, "2" ping (answered with "3" pong); Socket.IO: "40" connected,
      // "44" refused, "43<id>" an acknowledgement.
      if (frame === '2') return ws.send('3');
      if (frame.startsWith('0')) return ws.send(`40${JSON.stringify(token ? { token } : {})}`);
      if (frame.startsWith('44')) return fail(new Error(`connection refused: ${frame.slice(2)}`));
      if (frame.startsWith('40')) return ws.send(`420${JSON.stringify(['subscribe', { rooms: [room] }])}`);
      if (frame.startsWith('430')) {
        const [ack] = JSON.parse(frame.slice(3)) as [{ ok?: boolean }];
        if (!ack.ok) return fail(new Error(`subscribe to ${room} refused: ${frame.slice(3)}`));
        clearTimeout(timer);
        resolve(lean);
      }
    });
  });
}
