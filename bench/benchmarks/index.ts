import type { Benchmark } from './benchmark';
import { convertAffiliate } from './convert-affiliate';
import { costGrowth } from './cost-growth';

/**
 * Every benchmark `npm run bench` runs, in this order (`npm run bench -- <name>...` runs some).
 * Planned entries: `convert-own-shortener` (own_shortener mode, 5 links, vs the bare server) and `redirect`
 * (the redirector), once those services exist; each is one more file here and one more line below.
 */
export const BENCHMARKS: Benchmark[] = [convertAffiliate, costGrowth];
