// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** A fixed number of requests (instead of a duration). */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    /** How often requests are sampled, in ms (default 1000); a run ends at a sample. */
    sampleInt?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }

  /** A run: awaited for its result; an event emitter meanwhile. */
  export interface Instance extends PromiseLike<Result> {
    /** Emitted as each response arrives. */
    on(event: 'response', listener: () => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
