import { measureLatency } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { Benchmark } from './benchmark';

export const SIZES = [1, 10, 100, 1000];
/** Marginal cost per link from 100 to 1,000 links, over the same from 10 to 100: ~1 when linear, ~10 when quadratic. */
export const MAX_SLOPE_RATIO = 2;

/** Marginal per-link cost between two sizes, in ms. */
function slope(a: { links: number; ms: number }, b: { links: number; ms: number }): number {
  return (b.ms - a.ms) / (b.links - a.links);
}

/**
 * How a convert's latency grows with the number of links: one request at a time (no queueing) with texts of
 * 1, 10, 100 and 1,000 links, through the api and through the bare server. The per-link cost must stay flat.
 */
export const costGrowth: Benchmark = {
  name: 'cost-growth',
  description: 'convert latency for 1, 10, 100, 1,000 links: the per-link cost must stay flat (linear growth)',
  async run(ctx) {
    const [api, baseline] = await Promise.all([ctx.api(), ctx.baseline()]);
    const seconds = Math.max(1, Math.round(SETTINGS.seconds / 2));
    const measured: Array<{ links: number; api: number; apiP99: number; bare: number; errors: number }> = [];
    for (const links of SIZES) {
      const body = { mode: 'affiliate', affiliate_id: '17345510000', content: dealText(links) };
      const bare = await measureLatency(await ctx.convertTarget(baseline.url, body), { seconds });
      const full = await measureLatency(await ctx.convertTarget(api.url, body), { seconds });
      measured.push({
        links,
        api: full.medianMs,
        apiP99: full.p99Ms,
        bare: bare.medianMs,
        errors: full.errors + bare.errors,
      });
    }
    const rows: Row[] = measured.map((m) => ({
      links: m.links,
      'api median ms': round(m.api, 3),
      'api p99 ms': round(m.apiP99, 3),
      'bare median ms': round(m.bare, 3),
      'api µs per link': round((m.api * 1000) / m.links, 1),
      'bare µs per link': round((m.bare * 1000) / m.links, 1),
      errors: m.errors,
    }));
    printTable(`convert latency by number of links, one request at a time, ${seconds} s per figure`, rows);

    const point = (i: number, key: 'api' | 'bare') => ({ links: measured[i].links, ms: measured[i][key] });
    const check = (key: 'api' | 'bare') => {
      const low = slope(point(1, key), point(2, key));
      const high = slope(point(2, key), point(3, key));
      const ratio = high / low;
      return {
        perLinkMs10to100: round(low, 4),
        perLinkMs100to1000: round(high, 4),
        ratio: round(ratio, 2),
        linear: ratio <= MAX_SLOPE_RATIO,
      };
    };
    const linearity = { api: check('api'), bare: check('bare') };
    for (const key of ['api', 'bare'] as const) {
      const c = linearity[key];
      process.stdout.write(
        `${key}: marginal cost ${(c.perLinkMs10to100 * 1000).toFixed(1)} µs/link (10→100), ` +
          `${(c.perLinkMs100to1000 * 1000).toFixed(1)} µs/link (100→1,000), ratio ${c.ratio} → ` +
          `${c.linear ? 'linear' : `NOT linear (ratio above ${MAX_SLOPE_RATIO})`}\n`,
      );
    }
    return { storage: ctx.storage, rows, linearity, maxSlopeRatio: MAX_SLOPE_RATIO };
  },
};
