import request from 'supertest';
import { deleteRedisKeys, uniqueRedisPrefix } from './support/abuse-stores';
import { ApiProcess, eventually } from './support/api-process';
import { assertSafeResponse } from './support/test-app';
import { SeededPair, Seeder } from './support/seed';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const BODY = { content: 'Deal https://shopee.vn/product/1/2', mode: 'affiliate', affiliate_id: '17345510000' };
const WRONG_TOKEN = 'tok_' + 'W'.repeat(40);
const BANNED_IP = '203.0.113.177';

function describeIf(condition: boolean, reason: string): (name: string, body: () => void) => void {
  if (condition) return describe;
  return (name, body) => {
    process.stdout.write(`Skipping "${name}": ${reason}\n`);
    describe.skip(`${name} [skipped: ${reason}]`, body);
  };
}

async function convert(base: string, pair: SeededPair, options: { token?: string; ip?: string } = {}) {
  let pending = request(base)
    .post('/api/convert')
    .set('X-API-Key', pair.apiKey)
    .set('X-API-Token', options.token ?? pair.apiToken);
  if (options.ip) pending = pending.set('X-Forwarded-For', options.ip);
  const res = await pending.send(BODY);
  assertSafeResponse(res);
  return res;
}

/**
 * Two api instances as separate processes against one Postgres and one Redis, behaving as one service.
 * Issue 6 adds two redirectors here: start them next to the api instances (`ApiProcess.start({ script:
 * 'apps/redirector/...' })` or their own entry) and fill in the todo below.
 */
describeIf(
  Boolean(DATABASE_URL && REDIS_URL),
  'needs DATABASE_URL and REDIS_URL (two api processes share one Postgres and one Redis)',
)('two api instances (separate processes) on one Postgres and one Redis', () => {
  const prefix = uniqueRedisPrefix();
  const seeder = new Seeder(DATABASE_URL ?? '');
  const instances: ApiProcess[] = [];
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_FREE_PER_KEY: '20',
    RATE_LIMIT_FREE_PER_MEMBER: '30',
    IP_BAN_MAX_FAILURES: '10',
  };
  let a: string;
  let b: string;

  beforeAll(async () => {
    // One after the other: the first runs the migrations, the second finds them done (advisory lock either way).
    instances.push(await ApiProcess.start({ env }));
    instances.push(await ApiProcess.start({ env }));
    [a, b] = instances.map((instance) => instance.url);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.dispose()));
    await seeder.query('DELETE FROM ip_bans WHERE ip = $1', [BANNED_IP]).catch(() => undefined);
    await deleteRedisKeys(REDIS_URL!, prefix);
  });

  it('share one per-key budget: 20 of 60 concurrent calls spread over both instances get through', async () => {
    const member = await seeder.member();
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => convert(i % 2 ? a : b, member)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const refused = responses.find((res) => res.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('share one per-member budget across keys and instances: 30 of 50 get through', async () => {
    const member = await seeder.member();
    const second = await seeder.pair(member.memberId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => convert(i % 2 ? a : b, i % 4 < 2 ? member : second)),
    );
    const ok = responses.filter((res) => res.status === 200).length;
    expect(ok).toBe(30);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(20);
  });

  it('ban an IP on both instances once its wrong attempts on both add up', async () => {
    const member = await seeder.member();
    for (let i = 0; i < 5; i++)
      expect((await convert(a, member, { token: WRONG_TOKEN, ip: BANNED_IP })).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await convert(b, member, { token: WRONG_TOKEN, ip: BANNED_IP })).status).toBe(401);
    for (const base of [a, b]) {
      const res = await convert(base, member, { ip: BANNED_IP });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ip_blocked');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await convert(b, member, { ip: '203.0.113.178' })).status).toBe(200);
    const bans = await seeder.query<{ n: string }>('SELECT count(*) AS n FROM ip_bans WHERE ip = $1', [BANNED_IP]);
    expect(Number(bans[0].n)).toBe(1);
  });

  it('refuse the old pair on both instances right after a regeneration on one of them', async () => {
    const member = await seeder.member({ plan: 'pro' });
    // Both instances have verified (and cached) the pair.
    expect((await convert(a, member)).status).toBe(200);
    expect((await convert(b, member)).status).toBe(200);

    const browser = request.agent(a);
    const csrf = (await browser.get('/account/csrf').set('Accept', 'application/json')).body.csrf_token as string;
    const login = await browser
      .post('/account/login')
      .set('X-CSRF-Token', csrf)
      .send({ email: member.email, password: member.password });
    expect(login.status).toBe(200);
    const regenerated = await browser
      .post('/account/credentials/regenerate')
      .set('X-CSRF-Token', login.body.csrf_token)
      .send({ password: member.password, grace_seconds: 0 });
    expect(regenerated.status).toBe(200);
    const fresh = { apiKey: regenerated.body.api_key as string, apiToken: regenerated.body.api_token as string };

    // The invalidation travels over Redis in milliseconds; the cache TTL (30 s) is far longer.
    const refusedEverywhere = await eventually(
      async () => {
        const statuses = await Promise.all([convert(a, member), convert(b, member)]);
        return statuses.every((res) => res.status === 401);
      },
      1000,
      20,
    );
    expect(refusedEverywhere).toBe(true);
    const res = await convert(b, member);
    expect(res.body.error.code).toBe('invalid_credentials');
    expect((await convert(a, fresh)).status).toBe(200);
    expect((await convert(b, fresh)).status).toBe(200);
  });

  it.todo('short links made on one api instance redirect on both redirectors, clicks counted once (issue 6)');
});
