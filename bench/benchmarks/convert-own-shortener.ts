import { measureThroughput } from '../lib/load';
import { convertRow, printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { Benchmark } from './benchmark';
import { TARGET_RATIO } from './convert-affiliate';

const LINKS = 5;

/**
 * `POST /api/convert` in `own_shortener` mode with a 5-link text, through the whole api, beside the bare
 * node:http server running the same conversion, including the same database work (the real `ShortLinkService`:
 * one `INSERT … ON CONFLICT DO NOTHING` statement per convert), in the same run at the same concurrency.
 * The same text is sent again and again, so after the first call every link keeps its code (no new rows):
 * the hot path of a partner re-posting the same deals, and what is measured here.
 */
export const convertOwnShortener: Benchmark = {
  name: 'convert-own-shortener',
  description: 'convert in own_shortener mode, 5-link text (one shorten statement per call): api vs bare node:http',
  async run(ctx) {
    const [api, baseline] = await Promise.all([ctx.api(), ctx.shortenerBaseline()]);
    const body = {
      mode: 'own_shortener',
      affiliate_id: '17345510000',
      sub_ids: ['fb', 'bench'],
      content: dealText(LINKS),
    };

    // One call each first: it makes the codes (and checks both servers really shorten).
    for (const [name, base] of [
      ['bare', baseline.url],
      ['api', api.url],
    ] as const) {
      const target = await ctx.convertTarget(base, body);
      const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body });
      const answer = (await res.json()) as { summary?: { success: number }; items?: Array<{ output: string | null }> };
      const shortened = (answer.items ?? []).filter((item) => item.output?.startsWith('http://sl.bench/')).length;
      if (res.status !== 200 || shortened === 0) {
        throw new Error(
          `${name}: own_shortener convert failed (${res.status}): ${JSON.stringify(answer).slice(0, 300)}`,
        );
      }
    }

    const bare = await measureThroughput(await ctx.convertTarget(baseline.url, body));
    const full = await measureThroughput(await ctx.convertTarget(api.url, body));
    const ratio = full.requestsPerSecond / bare.requestsPerSecond;
    // Latency at a fixed load, as in convert-affiliate (a saturated closed loop only measures queueing).
    const rate = Math.min(bare.requestsPerSecond * TARGET_RATIO, 0.8 * full.requestsPerSecond);
    const paced = await measureThroughput(await ctx.convertTarget(api.url, body), { rate });
    const text = `${LINKS} links`;
    const rows: Row[] = [
      convertRow(text, 'bare node:http', bare, 1),
      convertRow(text, 'api', full, round(ratio, 2)),
      convertRow(text, `api at ${round(rate, 0)} req/s`, paced, null),
    ];
    const bareDatabase = ctx.databaseUrl
      ? 'the same PostgreSQL database and member as the api'
      : 'an embedded database of its own (the api’s belongs to the api process)';
    printTable(
      `convert, own_shortener mode, ${SETTINGS.connections} connections, ${SETTINGS.seconds} s per figure (${ctx.storage})`,
      rows,
    );
    const note =
      `Same text on every call: its links keep their codes (one shorten statement per call, no new rows), ` +
      `the realistic hot path. The bare server shortens on ${bareDatabase}.`;
    process.stdout.write(`${note}\n`);
    return { storage: ctx.storage, links: LINKS, rows, note };
  },
};
