import { CredentialsService } from '@app/credentials';
import { CredentialInvalidation } from '@app/credentials/testing';
import { cleanUpSharedStore, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/abuse-stores';
import { eventually, freePort } from '../support/api-process';
import { createTestApp, TestApp, testAppForSuite, TestMember, usingPostgres } from '../support/test-app';
import { describeIf } from '../support/skip';

const BODY = { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' };

function convert(t: TestApp, member: Pick<TestMember, 'apiKey' | 'apiToken'>) {
  return t.convert(member, BODY);
}

/** Two app instances on one Postgres: the cache of one is dropped when the other changes a member's pairs. */
function twoInstances(transport: 'redis' | 'postgres', env: () => Record<string, string>) {
  let a: TestApp;
  let b: TestApp;
  let settings: Record<string, string>;

  beforeAll(async () => {
    settings = env();
    a = await createTestApp(settings);
    b = await createTestApp(settings, { keepData: true });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await cleanUpSharedStore(settings);
  });

  it(`uses ${transport} and hears the other instance`, () => {
    expect(a.app.get(CredentialInvalidation).transport).toBe(transport);
    expect(b.app.get(CredentialInvalidation).live).toBe(true);
  });

  it('refuses the old pair on the other instance right after a regeneration there', async () => {
    const member = await a.createMember();
    expect((await convert(b, member)).status).toBe(200);
    expect(b.app.get(CredentialsService).cachedPairsOf(member.member.id)).toBe(1);
    // Within the cache TTL (30 s): only the invalidation can make b refuse it now. The message travels
    // asynchronously (a few milliseconds), hence the short bound.
    const fresh = await a.app.get(CredentialsService).issue(member.member.id);
    expect(await eventually(() => b.app.get(CredentialsService).cachedPairsOf(member.member.id) === 0, 1000, 5)).toBe(
      true,
    );
    const refused = await convert(b, member);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_credentials');
    expect((await convert(b, fresh)).status).toBe(200);
  });

  it('drops the member on the other instance when an admin disables them', async () => {
    const member = await a.createMember();
    expect((await convert(b, member)).status).toBe(200);
    await a.dataSource.query('UPDATE members SET disabled_at = now() WHERE id = $1', [member.member.id]);
    await a.app.get(CredentialsService).forgetMember(member.member.id);
    expect(await eventually(() => b.app.get(CredentialsService).cachedPairsOf(member.member.id) === 0, 1000, 5)).toBe(
      true,
    );
    expect((await convert(b, member)).status).toBe(401);
  });
}

describeIf(usingPostgres && Boolean(TEST_REDIS_URL), 'needs DATABASE_URL and REDIS_URL')(
  'credential cache invalidation over Redis pub/sub',
  () => twoInstances('redis', () => ({ REDIS_URL: TEST_REDIS_URL!, REDIS_KEY_PREFIX: uniqueRedisPrefix() })),
);

describeIf(usingPostgres, 'needs DATABASE_URL')('credential cache invalidation over Postgres LISTEN/NOTIFY', () =>
  twoInstances('postgres', () => ({ REDIS_URL: '' })),
);

describe('credential cache when invalidations cannot be heard', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A Redis nobody listens on: the subscription never comes up.
    t = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
    });
  });
  afterAll(() => t?.close());

  it('verifies every call against the database instead of trusting the cache', async () => {
    expect(t.app.get(CredentialInvalidation).live).toBe(false);
    const member = await t.createMember();
    expect((await convert(t, member)).status).toBe(200);
    expect(t.app.get(CredentialsService).cachedPairsOf(member.member.id)).toBe(0);
    // Revoked behind the service's back (as another instance would): refused at once.
    await t.dataSource.query('UPDATE credentials SET revoked_at = now() WHERE member_id = $1', [member.member.id]);
    expect((await convert(t, member)).status).toBe(401);
  });
});

describe('credential cache in a single process (embedded or no shared transport)', () => {
  const t = testAppForSuite(usingPostgres ? { REDIS_URL: '' } : {});

  it('serves a verified pair from the cache and drops it on regeneration', async () => {
    const member = await t.createMember();
    expect((await convert(t, member)).status).toBe(200);
    expect(t.app.get(CredentialsService).cachedPairsOf(member.member.id)).toBe(1);
    await t.app.get(CredentialsService).issue(member.member.id);
    expect((await convert(t, member)).status).toBe(401);
  });
});
