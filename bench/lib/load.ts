import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { median, SETTINGS } from './settings';
import { generator, type Generator, runWrk } from './wrk';

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
  /** Closed loops: the generator, and its own CPU over the run in % of one core (wrk: its process's, from /proc). */
  generator?: Generator;
  generatorCpuPercent?: number;
  /** wrk: requests written (answered, or in flight when the run stopped: at most one per connection). */
  sent?: number;
  /** The warm-up run's answers and (wrk) requests sent, for counts that include it (the clicks). */
  warmupRequests?: number;
  warmupSent?: number;
  /** With `serverPid`: the server's CPU (user + system, /proc) over the measured run, per answer, in µs. */
  serverCpuUsPerRequest?: number;
  /** Its kernel part (system time). */
  serverSysUsPerRequest?: number;
}

/** Each figure's median over runs of the same server (errors: their sum), for a table of rounds. */
export function medianThroughput(results: Throughput[]): Throughput {
  const of = (pick: (result: Throughput) => number | undefined) => median(results.map((r) => pick(r) ?? NaN));
  return {
    ...results[0],
    requestsPerSecond: of((r) => r.requestsPerSecond),
    p50Ms: of((r) => r.p50Ms),
    p99Ms: of((r) => r.p99Ms),
    requests: of((r) => r.requests),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    serverCpuUsPerRequest: of((r) => r.serverCpuUsPerRequest),
    serverSysUsPerRequest: of((r) => r.serverSysUsPerRequest),
  };
}

/**
 * CPU time of a process so far, in µs (Linux /proc; clock ticks of 1/100 s), the processes it started included (a
 * cluster's workers): all of it (user + system), and the kernel's part (system time: the socket reads and writes,
 * the polling).
 */
export function processCpuTimes(pid: number): { cpu: number; sys: number } {
  const stats = new Map<number, { ppid: number; user: number; sys: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), user: Number(fields[11]), sys: Number(fields[12]) });
    } catch {
      // A process that ended meanwhile.
    }
  }
  let user = 0;
  let sys = 0;
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, stat] of stats) {
      if (!tree.has(child) && tree.has(stat.ppid)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  for (const member of tree) {
    const stat = stats.get(member);
    if (stat) [user, sys] = [user + stat.user, sys + stat.sys];
  }
  return { cpu: (user + sys) * 10_000, sys: sys * 10_000 };
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
 * Throughput. Closed loop by default, with wrk when installed (else autocannon, see ./wrk.ts: `connections`
 * keep-alive connections, each sending its next request when the previous answer arrives); with `rate`, an open
 * loop at that many requests a second over the same connections (`openLoop`: latency then shows the service time
 * at that load, corrected for coordinated omission). A warm-up first, then the measured run. With `serverPid`,
 * the server's CPU per answer over the measured run.
 */
export async function measureThroughput(
  target: LoadTarget,
  options: { seconds?: number; warmupSeconds?: number; connections?: number; rate?: number; serverPid?: number } = {},
): Promise<Throughput> {
  const connections = options.connections ?? SETTINGS.connections;
  const warmup = options.warmupSeconds ?? SETTINGS.warmupSeconds;
  const seconds = options.seconds ?? SETTINGS.seconds;
  if (options.rate) {
    if (warmup > 0) await openLoop(target, warmup, connections, options.rate);
    return openLoop(target, seconds, connections, options.rate);
  }
  const cpu = () => (options.serverPid ? processCpuTimes(options.serverPid) : { cpu: 0, sys: 0 });
  const perRequest = (cpu0: { cpu: number; sys: number }, requests: number) => {
    if (!options.serverPid || requests === 0) return {};
    const cpu1 = cpu();
    const us = (micros: number) => Math.round((micros / requests) * 10) / 10;
    return { serverCpuUsPerRequest: us(cpu1.cpu - cpu0.cpu), serverSysUsPerRequest: us(cpu1.sys - cpu0.sys) };
  };
  if (generator() === 'wrk') {
    const load = {
      url: target.url,
      method: target.method ?? 'POST',
      headers: target.headers,
      body: target.body,
      paths: target.paths,
      connections,
    };
    const warm = warmup > 0 ? await runWrk({ ...load, seconds: warmup }) : null;
    const cpu0 = cpu();
    const result = await runWrk({ ...load, seconds });
    // wrk counts answers of 400 and above as errors; an expected status of 3xx is checked by the caller's
    // counts (e.g. the clicks), a 2xx expected answer cannot be told from a 3xx here.
    return {
      requestsPerSecond: result.requestsPerSecond,
      p50Ms: Math.round(result.p50Ms * 100) / 100,
      p99Ms: Math.round(result.p99Ms * 100) / 100,
      requests: result.requests,
      errors: result.errors,
      generator: 'wrk',
      generatorCpuPercent: result.generatorCpuPercent,
      sent: result.sent,
      warmupRequests: warm?.requests ?? 0,
      warmupSent: warm?.sent ?? 0,
      ...perRequest(cpu0, result.requests),
    };
  }
  const warm = warmup > 0 ? await cannon(target, warmup, connections) : null;
  const cpu0 = cpu();
  const own0 = process.cpuUsage();
  const started = performance.now();
  const result = await cannon(target, seconds, connections);
  const own = process.cpuUsage(own0);
  const expected = target.expectStatus ?? 200;
  const good = result.statusCodeStats?.[String(expected) as keyof typeof result.statusCodeStats]?.count ?? 0;
  const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, stat) => sum + (stat?.count ?? 0), 0);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    errors: answered - good + result.errors + result.timeouts,
    generator: 'autocannon',
    // autocannon's `duration` stops with requests in flight: its warm-up's clicks are only known within them.
    warmupRequests: warm ? warm.requests.total : 0,
    warmupSent: warm ? warm.requests.sent : 0,
    generatorCpuPercent: Math.round((own.user + own.system) / 10 / (performance.now() - started)),
    ...perRequest(cpu0, answered),
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
