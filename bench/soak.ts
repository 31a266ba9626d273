/**
 * `npm run soak`: a bounded mixed load against the api (a real process, as in `npm run bench`) with its memory
 * sampled, that fails on any error or on memory growth.
 *
 * The mix, spread over SOAK_CONNECTIONS concurrent loops: convert in every mode that needs no outside service
 * (`affiliate`, `link_goc`, `own_shortener`; `custom_domain_shortener` is the same work on another host) with
 * texts of 1, 5 and 50 links, redirects of our short links (`GET /<code>` on the short host, answered by the
 * api's mounted redirector, clicks counted), `GET /api/limits`, and account reads (`GET /account` with a
 * logged-in session). Every SOAK_SAMPLE_SECONDS the api's live heap is read after a full garbage collection
 * (bench/lib/memory-probe.js, over IPC), with its resident memory (RSS) for the record.
 *
 * Verdict: after a warm-up (the first fifth of the run), the median live heap of the last quarter of the samples
 * must not exceed the median of the first quarter by more than SOAK_MAX_GROWTH_MB, and no request may fail.
 * Settings: SOAK_SECONDS (300), SOAK_CONNECTIONS (16), SOAK_SAMPLE_SECONDS (5), SOAK_MAX_GROWTH_MB (16), plus
 * DATABASE_URL / REDIS_URL / API_ENTRY as for the bench.
 */
import { performance } from 'node:perf_hooks';
import { request as undiciRequest } from 'undici';
import { BROWSER_UA, REDIRECT_HOST } from './redirect/load';
import { BenchContext } from './lib/context';
import { printTable, round, Row, writeResult } from './lib/report';
import { probedMemory } from './lib/memory';
import { dealText } from './lib/texts';

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const SECONDS = setting('SOAK_SECONDS', 300);
const CONNECTIONS = setting('SOAK_CONNECTIONS', 16);
const SAMPLE_SECONDS = setting('SOAK_SAMPLE_SECONDS', Math.min(5, SECONDS / 10));
const MAX_GROWTH_MB = setting('SOAK_MAX_GROWTH_MB', 16);

const MB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Cookie `lc_sid=…` from a response's Set-Cookie headers. */
function sessionCookie(res: Response): string | null {
  for (const cookie of res.headers.getSetCookie()) if (cookie.startsWith('lc_sid=')) return cookie.split(';')[0];
  return null;
}

async function login(base: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${base}/account/csrf`, { headers: { accept: 'application/json' } });
  const { csrf_token: csrf } = (await csrfRes.json()) as { csrf_token: string };
  const res = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: sessionCookie(csrfRes) ?? '' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = sessionCookie(res);
  if (res.status !== 200 || !cookie) throw new Error(`Login for the soak failed: ${res.status} ${await res.text()}`);
  return cookie;
}

interface Kind {
  name: string;
  /** Sends one request and reads its answer to the end; resolves to the status. */
  request: () => Promise<number>;
  /** The status every answer must have. */
  expect: number;
}

async function statusOf(pending: Promise<Response>): Promise<number> {
  const res = await pending;
  await res.arrayBuffer();
  return res.status;
}

async function main(): Promise<void> {
  const ctx = new BenchContext();
  const stop = () => void ctx.close().finally(() => process.exit(130));
  process.once('SIGINT', stop);
  try {
    const member = await ctx.member();
    const api = await ctx.api({ probeMemory: true });
    const memory = () => probedMemory(api);
    const cookie = await login(api.url, member.email, member.password);
    const credentials = { 'x-api-key': member.apiKey, 'x-api-token': member.apiToken };
    const convert = (mode: string, links: number): Kind => {
      const body = JSON.stringify({ mode, affiliate_id: '17345510000', sub_ids: ['soak'], content: dealText(links) });
      const send = () =>
        fetch(`${api.url}/api/convert`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...credentials },
          body,
          signal: AbortSignal.timeout(10_000),
        });
      return { name: `convert ${mode} ${links}`, request: () => statusOf(send()), expect: 200 };
    };
    // The short links the redirects follow: the 50-link text converted once in own_shortener mode.
    const made = await fetch(`${api.url}/api/convert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credentials },
      body: JSON.stringify({ mode: 'own_shortener', affiliate_id: '1', content: dealText(50) }),
    });
    const shortened = (await made.json()) as { items?: Array<{ ok: boolean; output: string | null }> };
    // Links own_shortener cannot shorten (no affiliate format, e.g. TikTok Shop) fail per item: not redirected.
    const codes = (shortened.items ?? []).flatMap((item) =>
      item.ok && item.output ? [new URL(item.output).pathname] : [],
    );
    if (codes.length === 0) throw new Error(`The soak could not make its short links: HTTP ${made.status}`);
    let nextCode = 0;
    const redirect = async () => {
      const path = codes[nextCode++ % codes.length];
      const res = await undiciRequest(`${api.url}${path}`, {
        headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
        signal: AbortSignal.timeout(10_000),
      });
      await res.body.dump();
      return res.statusCode;
    };
    const kinds: Kind[] = [
      ...['affiliate', 'link_goc', 'own_shortener'].flatMap((mode) => [
        convert(mode, 1),
        convert(mode, 5),
        convert(mode, 50),
      ]),
      { name: 'redirect', request: redirect, expect: 302 },
      { name: 'redirect', request: redirect, expect: 302 },
      {
        name: 'limits',
        request: () =>
          statusOf(fetch(`${api.url}/api/limits`, { headers: credentials, signal: AbortSignal.timeout(10_000) })),
        expect: 200,
      },
      {
        name: 'account',
        request: () =>
          statusOf(
            fetch(`${api.url}/account`, {
              headers: { accept: 'application/json', cookie },
              signal: AbortSignal.timeout(10_000),
            }),
          ),
        expect: 200,
      },
    ];

    process.stdout.write(
      `Soak: ${SECONDS} s, ${CONNECTIONS} connections, mix: ${kinds.map((k) => k.name).join(', ')} (${ctx.storage})\n`,
    );
    const counts = new Map<string, { ok: number; failed: number }>(kinds.map((k) => [k.name, { ok: 0, failed: 0 }]));
    const failures: string[] = [];
    let latencies: number[] = [];
    const samples: Array<{ t: number; heap: number; rss: number; rps: number; p50: number; p99: number }> = [];
    const started = performance.now();
    const end = started + SECONDS * 1000;
    let sent = 0;

    const loop = async (offset: number) => {
      for (let i = offset; performance.now() < end; i += 1) {
        const kind = kinds[i % kinds.length];
        const at = performance.now();
        try {
          const status = await kind.request();
          latencies.push(performance.now() - at);
          if (status === kind.expect) counts.get(kind.name)!.ok += 1;
          else {
            counts.get(kind.name)!.failed += 1;
            if (failures.length < 20) failures.push(`${kind.name}: HTTP ${status}`);
          }
        } catch (error) {
          counts.get(kind.name)!.failed += 1;
          if (failures.length < 20) failures.push(`${kind.name}: ${String(error)}`);
        }
        sent += 1;
      }
    };
    let lastSent = 0;
    let lastAt = started;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await new Promise((done) => setTimeout(done, SAMPLE_SECONDS * 1000));
        if (!sampling) break;
        const usage = await memory();
        const now = performance.now();
        const sorted = latencies.sort((a, b) => a - b);
        samples.push({
          t: (now - started) / 1000,
          heap: usage.heapUsed / MB,
          rss: usage.rss / MB,
          rps: ((sent - lastSent) * 1000) / (now - lastAt),
          p50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
          p99: sorted[Math.floor(sorted.length * 0.99)] ?? NaN,
        });
        latencies = [];
        lastSent = sent;
        lastAt = now;
      }
    })();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => loop(i)));
    sampling = false;
    await sampler;

    const measured = samples.filter((s) => s.t > SECONDS / 5);
    const quarter = Math.max(1, Math.floor(measured.length / 4));
    const firstMb = median(measured.slice(0, quarter).map((s) => s.heap));
    const lastMb = median(measured.slice(-quarter).map((s) => s.heap));
    const growthMb = lastMb - firstMb;
    const every = Math.max(1, Math.ceil(samples.length / 12));
    const rows: Row[] = samples
      .filter((_, i) => i % every === 0 || i === samples.length - 1)
      .map((s) => ({
        s: round(s.t, 0),
        'live heap MB': round(s.heap, 1),
        'RSS MB': round(s.rss, 1),
        'req/s': round(s.rps, 0),
        'p50 ms': round(s.p50, 1),
        'p99 ms': round(s.p99, 1),
      }));
    printTable('Memory and load over time', rows);
    printTable(
      'Requests',
      [...counts].map(([name, c]) => ({ request: name, ok: c.ok, failed: c.failed })),
    );
    const failedTotal = [...counts.values()].reduce((sum, c) => sum + c.failed, 0);
    const grew = growthMb > MAX_GROWTH_MB;
    process.stdout.write(
      `\nLive heap after warm-up: ${round(firstMb, 1)} MB → ${round(lastMb, 1)} MB (${growthMb >= 0 ? '+' : ''}${round(growthMb, 1)} MB; ` +
        `limit +${MAX_GROWTH_MB} MB) ${grew ? 'GROWING' : 'flat'}\n` +
        `Errors: ${failedTotal}${failures.length ? `\n  ${failures.join('\n  ')}` : ''}\n`,
    );
    const file = writeResult('soak', {
      storage: ctx.storage,
      seconds: SECONDS,
      connections: CONNECTIONS,
      samples,
      counts: Object.fromEntries(counts),
      heap: { firstQuarterMb: firstMb, lastQuarterMb: lastMb, growthMb, maxGrowthMb: MAX_GROWTH_MB },
      failures,
      passed: !grew && failedTotal === 0,
    });
    process.stdout.write(`(written to ${file})\n${!grew && failedTotal === 0 ? 'SOAK PASSED' : 'SOAK FAILED'}\n`);
    if (grew || failedTotal > 0) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
