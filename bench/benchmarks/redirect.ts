import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { ApiProcess } from '../../test/support/api-process';
import { measureThroughput } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { benchProductLinks, BROWSER_UA, REDIRECT_CODES, REDIRECT_HOST, redirectTarget } from '../redirect/load';
import type { Benchmark } from './benchmark';

/**
 * `GET /<code>` → 302 on the short host, cycling through 200 codes made by the api (`own_shortener`), on warm
 * caches: the redirector (the standalone `apps/redirector` on `DATABASE_URL`, else the api with the redirector
 * mounted) beside a bare node:http server answering the same 302s from a Map, as a separate process too. The
 * request mix and the baseline are those of `npm run bench:redirect` (bench/redirect/).
 */
export const redirect: Benchmark = {
  name: 'redirect',
  description: 'GET /<code> → 302, 200 codes, warm caches: redirector vs bare node:http + Map',
  async run(ctx) {
    const [api, redirector] = await Promise.all([ctx.api(), ctx.redirector()]);
    // The codes, made as partners make them (one convert of a 200-link text).
    const products = benchProductLinks(REDIRECT_CODES);
    const made = await ctx.convertTarget(api.url, {
      mode: 'own_shortener',
      affiliate_id: '17345510000',
      sub_ids: ['bench'],
      content: products.join('\n'),
    });
    const res = await fetch(made.url, { method: 'POST', headers: made.headers, body: made.body });
    const answer = (await res.json()) as { items?: Array<{ output: string | null }> };
    const codes = (answer.items ?? []).flatMap((item) =>
      item.output?.startsWith(`http://${REDIRECT_HOST}/`) ? [item.output.slice(`http://${REDIRECT_HOST}/`.length)] : [],
    );
    if (res.status !== 200 || codes.length !== REDIRECT_CODES) {
      throw new Error(
        `Making ${REDIRECT_CODES} short links failed (${res.status}): ${JSON.stringify(answer).slice(0, 300)}`,
      );
    }
    // Where each leads, read from the redirector (this also checks every code redirects).
    const targets: Record<string, string> = {};
    for (const code of codes) {
      const hit = await request(`${redirector.url}/${code}`, {
        headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
      });
      await hit.body.dump();
      const location = hit.headers.location;
      if (hit.statusCode !== 302 || typeof location !== 'string') {
        throw new Error(`${ctx.redirectorKind}: /${code} answered ${hit.statusCode}, not 302`);
      }
      targets[code] = location;
    }
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-bench-redirect-'));
    const targetsFile = join(dir, 'targets.json');
    writeFileSync(targetsFile, JSON.stringify(targets));
    let baseline: ApiProcess | null = null;
    try {
      baseline = await ApiProcess.start({
        script: 'bench/redirect/baseline.ts',
        env: { REDIRECT_HOST, REDIRECT_TARGETS_FILE: targetsFile, NODE_ENV: 'production' },
      });
      const bare = await measureThroughput(redirectTarget(baseline.url, codes));
      const full = await measureThroughput(redirectTarget(redirector.url, codes));
      const row = (server: string, figures: typeof bare): Row => ({
        server,
        'req/s': round(figures.requestsPerSecond, 0),
        'p50 ms': figures.p50Ms,
        'p99 ms': figures.p99Ms,
        errors: figures.errors,
        'ratio to bare': round(figures.requestsPerSecond / bare.requestsPerSecond, 2),
      });
      const rows = [row('bare node:http + Map', bare), row(ctx.redirectorKind, full)];
      printTable(
        `GET /<code> → 302, ${REDIRECT_CODES} codes, ${SETTINGS.connections} connections, ` +
          `${SETTINGS.seconds} s per figure, warm caches (${ctx.storage})`,
        rows,
      );
      return { storage: ctx.storage, redirector: ctx.redirectorKind, codes: REDIRECT_CODES, rows };
    } finally {
      await baseline?.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
