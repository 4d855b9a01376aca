// autocannon ships no types and @types/autocannon is not installed: just the part the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    url: string;
    /** Seconds the run took. */
    duration: number;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    warmup?: Result;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** A shorter run first, whose figures are kept apart in `result.warmup`. */
    warmup?: { duration?: number; connections?: number };
    /** Seconds to wait for each response. */
    timeout?: number;
  }

  /** Without a callback the returned emitter is also a promise of the result. */
  export default function autocannon(options: Options): PromiseLike<Result> & import('node:events').EventEmitter & { stop(): void };
}
