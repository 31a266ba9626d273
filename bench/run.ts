/**
 * `npm run bench [-- <name>...]`: runs the benchmarks (all, or the ones named) against real processes on
 * loopback, prints a table per benchmark and writes its JSON under bench/results/. Settings: BENCH_SECONDS,
 * BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_LOG_LEVEL, BENCH_CLUSTER (+ WEB_CONCURRENCY), DATABASE_URL,
 * REDIS_URL, API_ENTRY=dist (see the README).
 */
import { BENCHMARKS } from './benchmarks';
import { BenchContext } from './lib/context';
import { writeResult } from './lib/report';
import { machine, SETTINGS } from './lib/settings';

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const m = machine();
  process.stdout.write(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory_gb} GB, ${m.os}, Node ${m.node}, load ${m.load_average_1m}\n` +
      `Settings: ${SETTINGS.seconds} s per figure after ${SETTINGS.warmupSeconds} s warm-up, ${SETTINGS.connections} connections\n`,
  );
  const ctx = new BenchContext();
  const stop = () => void ctx.close().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    for (const benchmark of selected) {
      process.stdout.write(`\n== ${benchmark.name}: ${benchmark.description}\n`);
      const result = await benchmark.run(ctx);
      process.stdout.write(`(written to ${writeResult(benchmark.name, result)})\n`);
    }
  } finally {
    await ctx.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
