import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { BenchContext } from '../lib/context';
import { type Latency, type LoadTarget, measureLatency } from '../lib/load';
import { printTable, round } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { Benchmark } from './benchmark';

/** Issue 39's probe: this many report uploads (`?apply=true`) sent slowly at once (one more than the pool's 20). */
export const SLOW_UPLOADS = 21;
/** Target: the partner's converts and the readiness probe keep their p99 within this of their figure alone. */
export const TARGET_P99_DELTA_MS = 50;
/** A row every this often on each slow upload: a client sending its file over a poor link. */
const TRICKLE_MS = 500;

/** A Shopee export (the English portal's): its header, and its first row with the order id made unique. */
const [HEADER, TEMPLATE] = readFileSync(
  join(__dirname, '..', '..', 'test', 'fixtures', 'reports', 'shopee-en-ph.csv'),
  'utf8',
).split('\n');
const row = (upload: number, n: number) => `SLOW${upload}-${n}${TEMPLATE.slice(TEMPLATE.indexOf(','))}`;

interface SlowUpload {
  stop(): Promise<{ status: number; body: string }>;
}

/** One slow upload: the header, then a row every TRICKLE_MS until stopped; then the rest at once. */
function startSlowUpload(base: string, headers: Record<string, string>, upload: number): SlowUpload {
  const url = new URL(`${base}/api/conversions/import?apply=true`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: `${url.pathname}${url.search}`,
    headers: { ...headers, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(`${HEADER}\n`);
  let n = 0;
  const timer = setInterval(() => req.write(`${row(upload, (n += 1))}\n`), TRICKLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      req.end(`${row(upload, n + 1)}\n`);
      return answer;
    },
  };
}

/**
 * With SLOW_UPLOADS report uploads being sent slowly at once (each applies its file: before issue 39 each held a
 * pooled connection, and the member's import lock, while its client sent), a partner's 5-link `own_shortener`
 * converts (a shorten statement each) and `/health/ready` (a database round trip), one at a time: their p99
 * alone and during, and whether every upload then finishes.
 */
export const slowUploads: Benchmark = {
  name: 'slow-uploads',
  description: `${SLOW_UPLOADS} slow report uploads under way: p99 of 5-link converts and /health/ready, alone and during`,
  async run(ctx: BenchContext) {
    const api = await ctx.api();
    const body = { mode: 'own_shortener', affiliate_id: '17345510000', sub_ids: ['fb', 'bench'], content: dealText(5) };
    const convert = await ctx.convertTarget(api.url, body);
    const ready: LoadTarget = { url: `${api.url}/health/ready`, method: 'GET' };
    const measure = async () => {
      const c = await measureLatency(convert);
      const r = await measureLatency(ready);
      return { convert: c, ready: r };
    };
    const alone = await measure();
    const uploads = Array.from({ length: SLOW_UPLOADS }, (_, i) =>
      startSlowUpload(
        api.url,
        { 'x-api-key': convert.headers!['x-api-key'], 'x-api-token': convert.headers!['x-api-token'] },
        i,
      ),
    );
    const during = await measure();
    const started = performance.now();
    const answers = await Promise.all(uploads.map((upload) => upload.stop()));
    const finishedSeconds = (performance.now() - started) / 1000;
    const imported = answers.filter((a) => a.status === 200 && /"applied":true/.test(a.body)).length;
    const line = (what: string, a: Latency, d: Latency) => ({
      what,
      'alone p50 ms': round(a.medianMs),
      'alone p99 ms': round(a.p99Ms),
      'during p50 ms': round(d.medianMs),
      'during p99 ms': round(d.p99Ms),
      'p99 delta ms': round(d.p99Ms - a.p99Ms),
      'errors during': d.errors,
      [`within ${TARGET_P99_DELTA_MS} ms`]: d.p99Ms - a.p99Ms <= TARGET_P99_DELTA_MS && d.errors === 0,
    });
    const rows = [
      line('convert, 5 links, own_shortener', alone.convert, during.convert),
      line('/health/ready', alone.ready, during.ready),
    ];
    printTable(
      `${SLOW_UPLOADS} slow report uploads (a row every ${TRICKLE_MS} ms each), ${SETTINGS.seconds} s per figure (${ctx.storage}); ` +
        `then ${imported}/${SLOW_UPLOADS} uploads applied, in ${round(finishedSeconds, 1)} s once sent`,
      rows,
    );
    return {
      rows,
      uploads: SLOW_UPLOADS,
      imported,
      finishedSeconds: round(finishedSeconds, 1),
      statuses: answers.map((a) => a.status),
    };
  },
};
