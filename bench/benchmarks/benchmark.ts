import type { BenchContext } from '../lib/context';

/**
 * One entry of `npm run bench`: it loads the services it needs from the context, prints its table and returns
 * what is written to `bench/results/<name>.latest.json`. Add an entry to `BENCHMARKS` (./index.ts) to add one.
 */
export interface Benchmark {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Record<string, unknown>>;
}
