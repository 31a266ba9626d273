import { AbuseEvent } from '@app/abuse';
import { rateLimit, TEST_REDIS_URL, testAppOnSharedStoresForSuite } from '../support/abuse-stores';
import { testAppForSuite, TestMember } from '../support/test-app';

/** Where the counters live in this run: the machine's Redis when REDIS_URL is set, else in process. */
const STORE = TEST_REDIS_URL ? 'Redis' : 'in process';

const BODY = { content: 'Deal https://shopee.vn/product/123/456', mode: 'link_goc' };

describe(`rate limits (per_key, per_member), counted ${STORE}`, () => {
  const t = testAppOnSharedStoresForSuite({
    RATE_LIMIT_FREE_PER_KEY: '5',
    RATE_LIMIT_FREE_PER_MEMBER: '8',
    RATE_LIMIT_PRO_PER_KEY: '20',
    RATE_LIMIT_PRO_PER_MEMBER: '40',
  });

  const convert = (member: TestMember) => t.convert(member, BODY);
  const limits = (member: TestMember) =>
    t.send(t.http.get('/api/limits').set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken));

  it('lets the limit through, then answers 429 rate_limited with Retry-After and the RateLimit headers', async () => {
    const member = await t.createMember();
    for (let i = 1; i <= 5; i++) {
      const ok = await convert(member);
      expect(ok.status).toBe(200);
      expect(ok.headers['ratelimit-policy']).toBe(
        '"per_key";q=5;w=60, "per_member";q=8;w=60, "links_per_key";q=2000;w=60, "links_per_member";q=4000;w=60',
      );
      expect(rateLimit(ok).per_key.r).toBe(5 - i);
      expect(rateLimit(ok).per_member.r).toBe(8 - i);
    }
    const refused = await convert(member);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toContain('5 requests per 60 seconds per API key');
    expect(refused.headers['ratelimit-policy']).toBe('"per_key";q=5;w=60, "per_member";q=8;w=60');
    const state = rateLimit(refused).per_key;
    expect(state.r).toBe(0);
    expect(state.t).toBeGreaterThan(0);
    expect(state.t).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(state.t));
  });

  it('is one budget for every API route, counted on the key, not the route', async () => {
    const member = await t.createMember();
    expect((await convert(member)).status).toBe(200);
    expect((await convert(member)).status).toBe(200);
    const status = await limits(member);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      ok: true,
      plan: 'free',
      limits: [
        { name: 'per_key', limit: 5, window_seconds: 60, remaining: 2 },
        { name: 'per_member', limit: 8, window_seconds: 60, remaining: 5 },
        { name: 'links_per_key', limit: 2000, window_seconds: 60, remaining: 1998 },
        { name: 'links_per_member', limit: 4000, window_seconds: 60, remaining: 3998 },
      ],
    });
    expect((await limits(member)).status).toBe(200);
    expect((await convert(member)).status).toBe(200);
    expect((await limits(member)).status).toBe(429);
    expect((await convert(member)).status).toBe(429);
  });

  it('counts all keys of a member together in per_member', async () => {
    const member = await t.createMember();
    // A second working pair: the old one keeps working for an hour.
    const { CredentialsService } = await import('@app/credentials');
    const fresh = await t.app.get(CredentialsService).issue(member.member.id, 3600);
    const second = { ...member, apiKey: fresh.apiKey, apiToken: fresh.apiToken };
    for (let i = 0; i < 5; i++) expect((await convert(member)).status).toBe(200);
    expect((await convert(member)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await convert(second)).status).toBe(200);
    const refused = await convert(second);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain('per member');
    expect(rateLimit(refused)).toMatchObject({ per_key: { r: 1 }, per_member: { r: 0 } });
  });

  it('gives the Pro plan its higher limits', async () => {
    const pro = await t.createMember({ plan: 'pro' });
    const res = await convert(pro);
    expect(res.headers['ratelimit-policy']).toBe(
      '"per_key";q=20;w=60, "per_member";q=40;w=60, "links_per_key";q=20000;w=60, "links_per_member";q=40000;w=60',
    );
    for (let i = 2; i <= 20; i++) expect((await convert(pro)).status).toBe(200);
    expect((await convert(pro)).status).toBe(429);
  });

  it('sends the headers on errors after authentication too, and none before it', async () => {
    const member = await t.createMember();
    const invalid = await t.convert(member, { content: 'x', mode: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['ratelimit']).toBe('"per_key";r=4;t=60, "per_member";r=7;t=60');
    const anonymous = await t.send(t.http.post('/api/convert').send(BODY));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['ratelimit']).toBeUndefined();
  });

  it('logs one rate_limited event per window and policy, however many requests are refused', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 9; i++) await convert(member);
    const { AbuseEvents } = await import('@app/abuse');
    await t.app.get(AbuseEvents).flush();
    const events = await t.dataSource
      .getRepository(AbuseEvent)
      .find({ where: { type: 'rate_limited', memberId: member.member.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      keyPreview: member.apiKey.slice(0, 7) + '…' + member.apiKey.slice(-4),
      detail: { throttler: 'per_key', limit: 5, window_seconds: 60, path: '/api/convert' },
    });
    expect(JSON.stringify(events)).not.toContain(member.apiKey);
  });

  it('documents the limits, the headers and the 429 in the OpenAPI document', async () => {
    const res = await t.send(t.http.get('/docs/openapi.json'));
    const convertDoc = res.body.paths['/api/convert'].post;
    expect(Object.keys(convertDoc.responses)).toEqual(expect.arrayContaining(['200', '403', '429']));
    expect(Object.keys(convertDoc.responses['200'].headers)).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(convertDoc.responses['429'].headers)).toEqual(['RateLimit-Policy', 'RateLimit', 'Retry-After']);
    expect(convertDoc.responses['403'].description).toContain('ip_blocked');
    expect(res.body.paths['/api/limits'].get).toBeDefined();
    // The ban rules and the limits, with the configured (default) numbers, on both API routes.
    for (const operation of [convertDoc, res.body.paths['/api/limits'].get]) {
      const blocked: string = operation.responses['403'].description;
      expect(blocked).toContain(
        'ip_blocked: 10 wrong API credentials from one IP address (IPv6: its /64) within 10 minutes',
      );
      expect(blocked).toContain('A first ban lasts 15 minutes');
      expect(blocked).toContain('within 7 days doubles it, up to 24 hours');
      expect(blocked).toContain('(15 minutes, 30 minutes, 1 hour, 2 hours, 4 hours, 8 hours, 16 hours, 24 hours)');
      expect(blocked).toContain('Allow-listed addresses are never banned');
      const limited: string = operation.responses['429'].description;
      expect(limited).toContain('fixed windows of 60 seconds');
      expect(limited).toContain('`per_key` 60 requests per API key on the Free plan (600 on Pro)');
      expect(limited).toContain('`per_member` 120 per member across all of its keys (1200 on Pro)');
      expect(limited).toContain('Retry-After');
    }
    expect(convertDoc.responses['429'].headers['RateLimit-Policy'].description).toContain(
      '"per_key";q=60;w=60, "per_member";q=120;w=60',
    );
  });
});

/**
 * The window moved by the app's clock: the counters are kept in process here on purpose (no REDIS_URL whatever
 * the run has), so this runs in every run, CI included. The same window in Redis, where it ends in Redis time,
 * is tested in abuse-redis.e2e-spec.
 */
describe('rate limits: the window, counted in process', () => {
  const t = testAppForSuite({ RATE_LIMIT_FREE_PER_KEY: '5', RATE_LIMIT_FREE_PER_MEMBER: '8' });

  const convert = (member: TestMember) => t.convert(member, BODY);

  it('starts a fresh budget when the window is over', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 5; i++) await convert(member);
    const refused = await convert(member);
    expect(refused.status).toBe(429);
    t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    const again = await convert(member);
    expect(again.status).toBe(200);
    expect(rateLimit(again).per_key).toEqual({ r: 4, t: 60 });
  });
});

describe('rate limits: defaults', () => {
  const t = testAppOnSharedStoresForSuite();

  it('are 60 and 120 per minute on Free, 600 and 1200 on Pro', async () => {
    for (const [plan, policy] of [
      ['free', '"per_key";q=60;w=60, "per_member";q=120;w=60'],
      ['pro', '"per_key";q=600;w=60, "per_member";q=1200;w=60'],
    ] as const) {
      const member = await t.createMember({ plan });
      const res = await t.send(
        t.http.get('/api/limits').set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken),
      );
      expect(res.headers['ratelimit-policy']).toBe(policy);
    }
  });
});
