import { CustomDomain } from '@app/shortlinks/testing';
import { ShutdownState } from '@app/common';
import { Metrics } from '@app/metrics';
import { cleanUpSharedStore, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/abuse-stores';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321';
const VIDEO = 'https://sv.shopee.vn/share-video/abc';
const AFFILIATE_ID = '17345510000';
const SHORT_HOST = 'sl.test';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const BOT_UA = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** The value of one series in a Prometheus text exposition (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]] = pair[2];
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics (Prometheus) and the health split', () => {
  let t: TestApp;
  let alice: TestMember;
  const redisEnv: Record<string, string> = TEST_REDIS_URL
    ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniqueRedisPrefix() }
    : {};

  beforeAll(async () => {
    t = await createTestApp({
      SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
      METRICS_TOKEN,
      IP_BAN_MAX_FAILURES: '3',
      RATE_LIMIT_FREE_PER_KEY: '2',
      CLICK_FLUSH_INTERVAL_MS: '300000',
      ...redisEnv,
    });
    alice = await t.createMember({ plan: 'pro' });
  });
  afterAll(async () => {
    await t.close();
    await cleanUpSharedStore(redisEnv);
  });

  const scrape = async () => {
    const res = await t.send(t.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    return res.text;
  };
  const convert = (body: Record<string, unknown>, member = alice) => t.convert(member, body);

  it('needs the bearer token when METRICS_TOKEN is set (401 in the envelope)', async () => {
    const none = await t.send(t.http.get('/metrics'));
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
    const wrong = await t.send(t.http.get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789abcdef'));
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain(METRICS_TOKEN);
  });

  it('shows every series with counts that follow converts, redirects, wrong tokens and bans', async () => {
    const res = await convert({
      content: `Mua ${PRODUCT} và ${VIDEO}`,
      mode: 'own_shortener',
      affiliate_id: AFFILIATE_ID,
    });
    expect(res.status).toBe(200);
    await convert({ content: `Lại ${PRODUCT}`, mode: 'link_goc' });
    const code = (res.body.items[0].output as string).split('/').pop()!;
    const visit = (ua: string) =>
      t.send(t.http.get(`/s/${code}`).set('Host', SHORT_HOST).set('User-Agent', ua).redirects(0));
    expect((await visit(BROWSER_UA)).status).toBe(302);
    expect((await visit(BROWSER_UA)).status).toBe(302);
    expect((await visit(BOT_UA)).status).toBe(302);
    // A redirect on a member's verified custom domain.
    await t.dataSource.getRepository(CustomDomain).save({
      memberId: alice.member.id,
      domain: 'go.example.com',
      token: 'x'.repeat(32),
      status: 'verified',
      verifiedAt: new Date(),
    });
    const custom = await convert({ content: PRODUCT, mode: 'custom_domain_shortener', affiliate_id: AFFILIATE_ID });
    const customCode = (custom.body.items[0].output as string).split('/').pop()!;
    const onDomain = await t.send(
      t.http.get(`/${customCode}`).set('Host', 'go.example.com').set('User-Agent', BROWSER_UA).redirects(0),
    );
    expect(onDomain.status).toBe(302);
    // A free member over its per-key budget (2 a window): two 429s (each counted; one abuse event per window).
    const bob = await t.createMember();
    for (let i = 0; i < 4; i++) await convert({ content: PRODUCT, mode: 'link_goc' }, bob);
    await t.send(t.http.get('/account/nothing-here-123'));
    // A body refused before routing (not JSON, and too deep): labelled with the route it was sent to.
    const notJson = await t.send(t.http.post('/api/convert').set('Content-Type', 'text/plain').send('hello'));
    expect(notJson.status).toBe(415);
    const deep = await t.send(t.http.post('/api/convert').send(JSON.parse('['.repeat(200) + ']'.repeat(200))));
    expect(deep.status).toBe(400);
    // Three wrong tokens from this address: three auth failures, then a ban.
    for (let i = 0; i < 3; i++) {
      const wrong = await convert({ content: 'x', mode: 'link_goc' }, { ...alice, apiToken: 'tok_' + 'z'.repeat(40) });
      expect(wrong.status).toBe(401);
    }

    const text = await scrape();
    expect(
      sample(text, 'linkconv_convert_links_total', { mode: 'own_shortener', marketplace: 'shopee', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sample(text, 'linkconv_convert_links_total', {
        mode: 'own_shortener',
        marketplace: 'shopee',
        outcome: 'not_a_product',
      }),
    ).toBe(1);
    expect(
      sample(text, 'linkconv_convert_links_total', { mode: 'link_goc', marketplace: 'shopee', outcome: 'ok' }),
    ).toBe(3); // alice's one, bob's two before his 429s
    expect(sample(text, 'linkconv_redirects_total', { domain_kind: 'own', bot: 'false' })).toBe(2);
    expect(sample(text, 'linkconv_redirects_total', { domain_kind: 'own', bot: 'true' })).toBe(1);
    expect(sample(text, 'linkconv_redirects_total', { domain_kind: 'custom', bot: 'false' })).toBe(1);
    // Wrong API credentials and failed logins apart.
    expect(sample(text, 'linkconv_auth_failures_total', { kind: 'api' })).toBe(3);
    expect(sample(text, 'linkconv_auth_failures_total', { kind: 'login' })).toBe(0);
    expect(sample(text, 'linkconv_ip_bans_total')).toBe(1);
    expect(sample(text, 'linkconv_rate_limited_total', { policy: 'per_key' })).toBe(2);
    // The routes are patterns: the convert route, the short link's `/s/:code` (never the code), 404s unmatched.
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/convert',
        status_code: '200',
      }),
    ).toBe(5);
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/convert',
        status_code: '429',
      }),
    ).toBe(2);
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/:code',
        status_code: '302',
      }),
    ).toBe(1);
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/s/:code',
        status_code: '302',
      }),
    ).toBe(3);
    for (const status_code of ['415', '400']) {
      expect(
        sample(text, 'linkconv_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/convert',
          status_code,
        }),
      ).toBe(1);
    }
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(code);
    expect(text).not.toContain('nothing-here-123');
    expect(
      sample(text, 'linkconv_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status_code: '401',
      }),
    ).toBe(2);
    // Gauges: every buffer and every outside service's circuit; Node's default metrics.
    for (const buffer of ['clicks', 'usage', 'abuse_events']) {
      expect(sample(text, 'linkconv_buffer_pending_rows', { buffer })).toBeGreaterThanOrEqual(0);
    }
    // Two links clicked, nothing flushed yet: two rows waiting.
    expect(sample(text, 'linkconv_buffer_pending_rows', { buffer: 'clicks' })).toBe(2);
    expect(sample(text, 'linkconv_upstream_circuit_open', { service: 'tinyurl' })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const name of [
      'linkconv_resolver_requests_total',
      'linkconv_upstream_requests_total',
      'linkconv_rate_limited_total',
      'linkconv_ip_bans_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} counter`);
    }
  });

  it('labels resolver and upstream calls by outcome and service', async () => {
    const metrics = t.app.get(Metrics);
    // The resolver and the outside-service gates count through these (their own tests drive fakes).
    metrics.resolverRequests.inc({ outcome: 'ok' });
    metrics.upstreamRequests.inc({ service: 'isgd', outcome: 'upstream_unavailable' });
    const after = await scrape();
    expect(sample(after, 'linkconv_resolver_requests_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'linkconv_upstream_requests_total', { service: 'isgd', outcome: 'upstream_unavailable' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('GET /health/live answers; /health/ready and /health check database, migrations and Redis', async () => {
    const live = await t.send(t.http.get('/health/live'));
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    for (const path of ['/health/ready', '/health']) {
      const ready = await t.send(t.http.get(path));
      expect(ready.status).toBe(200);
      expect(ready.body.info).toMatchObject({
        database: { status: 'up' },
        migrations: { status: 'up' },
        shutdown: { status: 'up' },
        ...(TEST_REDIS_URL ? { redis: { status: 'up' } } : {}),
      });
    }
    const text = await scrape();
    for (const route of ['/health/live', '/health/ready', '/health']) {
      expect(
        sample(text, 'linkconv_http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' }),
      ).toBe(1);
    }
  });

  it('GET /internal/tls/allowed: 200 for our short host and verified custom domains, 404 otherwise', async () => {
    await t.dataSource.getRepository(CustomDomain).save({
      memberId: alice.member.id,
      domain: 'pending.example.net',
      token: 'y'.repeat(32),
      status: 'pending',
    });
    const ask = (domain: string) => t.send(t.http.get('/internal/tls/allowed').query({ domain }));
    expect((await ask(SHORT_HOST)).status).toBe(200);
    expect((await ask('GO.example.com')).status).toBe(200);
    const pending = await ask('pending.example.net');
    expect(pending.status).toBe(404);
    expect(pending.body.error.code).toBe('not_found');
    expect((await ask('unknown.example.org')).status).toBe(404);
    expect((await ask('x'.repeat(300))).status).toBe(404);
    const missing = await t.send(t.http.get('/internal/tls/allowed'));
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('invalid_request');
  });

  it('GET /internal/tls/allowed is a 404 for addresses outside TLS_ASK_ALLOWLIST', async () => {
    const other = await createTestApp(
      { SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`, TLS_ASK_ALLOWLIST: '10.0.0.0/8' },
      { keepData: true },
    );
    try {
      const res = await other.send(other.http.get('/internal/tls/allowed').query({ domain: SHORT_HOST }));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    } finally {
      await other.close();
    }
  });

  it('GET /health/ready is a 503 in the envelope once the instance is shutting down; /health/live stays 200', async () => {
    const stopping = await createTestApp({}, { keepData: true });
    try {
      stopping.app.get(ShutdownState).begin();
      const ready = await stopping.send(stopping.http.get('/health/ready'));
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      expect((await stopping.send(stopping.http.get('/health/live'))).status).toBe(200);
    } finally {
      await stopping.close();
    }
  });
});
