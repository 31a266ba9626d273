import { cpus, freemem, loadavg, totalmem, type as osType, release } from 'node:os';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Knobs of a bench run, from the environment (documented in the README). */
export const SETTINGS = {
  /** Seconds of measured load per figure (`BENCH_SECONDS`, default 10; 2 for a quick check). */
  seconds: envNumber('BENCH_SECONDS', 10),
  /** Seconds of unmeasured load before each figure (`BENCH_WARMUP_SECONDS`, default 3, at most BENCH_SECONDS). */
  warmupSeconds: Math.min(envNumber('BENCH_WARMUP_SECONDS', 3), envNumber('BENCH_SECONDS', 10)),
  /** Concurrent connections for the throughput figures (`BENCH_CONNECTIONS`, default 50). */
  connections: envNumber('BENCH_CONNECTIONS', 50),
  /**
   * Rounds of every server in turn, for the benchmarks that compare servers side by side (`BENCH_ROUNDS`, default
   * 3): the shared machine's load drifts over a minute, so each server is measured early, in the middle and late.
   */
  rounds: Math.max(1, Math.floor(envNumber('BENCH_ROUNDS', 3))),
};

/** The median of the finite values (NaN when there is none). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What the figures were measured on, stored with every result. */
export function machine() {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    free_memory_gb: Math.round(freemem() / 2 ** 30),
    load_average_1m: Number(loadavg()[0].toFixed(2)),
    os: `${osType()} ${release()}`,
    node: process.version,
  };
}
