// The few parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
    total: number;
  };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request) => Request;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
