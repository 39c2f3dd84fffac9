/** The part of autocannon 9's programmatic API the benches use (the package ships no types). */
declare module "autocannon" {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  }

  /** hdr-histogram-percentiles-obj: the statistics of one measure over the run. */
  export interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    /** Completed requests (requests histogram) or bytes (throughput histogram). */
    total: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    /** Seconds actually measured. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
