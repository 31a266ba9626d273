import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SETTINGS } from './settings';

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Several paths on `url`'s host, sent in turn on each connection (e.g. many short codes); default `url`'s. */
  paths?: string[];
  /** The status every answer must have (default 200). */
  expectStatus?: number;
}

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with another status than expected, connection errors and time-outs. */
  errors: number;
}

function cannon(target: LoadTarget, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'POST',
    headers: target.headers,
    body: target.body,
    ...(target.paths ? { requests: target.paths.map((path) => ({ method: target.method ?? 'POST', path })) } : {}),
    connections,
    duration: seconds,
    timeout: 10,
    // Every answer counts towards the latency, so a fast error cannot pass for a fast success.
    excludeErrorStats: false,
  } as autocannon.Options);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * An open loop at a fixed rate: request i is due at start + i / rate (evenly spaced), goes out on one of
 * `connections` keep-alive connections (waiting for one when all are busy), and its latency counts from the
 * moment it was due, so time spent queued in the client counts too (no coordinated omission). autocannon's own
 * rate option sends each connection's quota for a second in a burst at the start of the second, which measures
 * the burst rather than the load.
 */
async function openLoop(target: LoadTarget, seconds: number, connections: number, rate: number): Promise<Throughput> {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const paths = target.paths ?? [url.pathname + url.search];
  const expected = target.expectStatus ?? 200;
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  const pending: Array<Promise<void>> = [];
  let errors = 0;
  let sent = 0;
  const start = performance.now();
  const send = (index: number) => {
    const dueAt = start + (index / rate) * 1000;
    const request = pool
      .request({
        path: paths[index % paths.length],
        method: target.method ?? 'POST',
        headers: target.headers,
        body: target.body,
      })
      .then(async (res) => {
        await res.body.dump();
        latencies.push(performance.now() - dueAt);
        if (res.statusCode !== expected) errors += 1;
      })
      .catch(() => {
        errors += 1;
      });
    pending.push(request);
  };
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) send(sent++);
      if (sent >= total) return done();
      setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    requests: latencies.length,
    errors,
  };
}

/**
 * Throughput. Closed loop by default, with autocannon (`connections` keep-alive connections, each sending its
 * next request when the previous answer arrives); with `rate`, an open loop at that many requests a second over
 * the same connections (`openLoop`: latency then shows the service time at that load, corrected for coordinated
 * omission). A warm-up first, then the measured run.
 */
export async function measureThroughput(
  target: LoadTarget,
  options: { seconds?: number; warmupSeconds?: number; connections?: number; rate?: number } = {},
): Promise<Throughput> {
  const connections = options.connections ?? SETTINGS.connections;
  const warmup = options.warmupSeconds ?? SETTINGS.warmupSeconds;
  const seconds = options.seconds ?? SETTINGS.seconds;
  if (options.rate) {
    if (warmup > 0) await openLoop(target, warmup, connections, options.rate);
    return openLoop(target, seconds, connections, options.rate);
  }
  if (warmup > 0) await cannon(target, warmup, connections);
  const result = await cannon(target, seconds, connections);
  const expected = target.expectStatus ?? 200;
  const good = result.statusCodeStats?.[String(expected) as keyof typeof result.statusCodeStats]?.count ?? 0;
  const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, stat) => sum + (stat?.count ?? 0), 0);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    errors: answered - good + result.errors + result.timeouts,
  };
}

export interface Latency {
  medianMs: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

/**
 * Latency of one request at a time (one keep-alive connection, sub-millisecond timer), for `seconds` after a
 * warm-up: the cost of one request, without queueing behind others.
 */
export async function measureLatency(
  target: LoadTarget,
  options: { seconds?: number; warmupSeconds?: number } = {},
): Promise<Latency> {
  const send = async (): Promise<boolean> => {
    const res = await fetch(target.url, {
      method: target.method ?? 'POST',
      headers: target.headers,
      body: target.body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status === (target.expectStatus ?? 200);
  };
  const warmupEnd = performance.now() + 1000 * (options.warmupSeconds ?? Math.min(1, SETTINGS.warmupSeconds));
  while (performance.now() < warmupEnd) await send().catch(() => false);
  const samples: number[] = [];
  let errors = 0;
  const end = performance.now() + 1000 * (options.seconds ?? SETTINGS.seconds);
  while (performance.now() < end) {
    const started = performance.now();
    const ok = await send().catch(() => false);
    samples.push(performance.now() - started);
    if (!ok) errors += 1;
  }
  samples.sort((a, b) => a - b);
  return { medianMs: percentile(samples, 50), p99Ms: percentile(samples, 99), requests: samples.length, errors };
}
