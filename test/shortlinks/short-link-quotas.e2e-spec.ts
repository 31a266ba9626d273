import { AccountClient } from '../support/account-client';
import { testAppForSuite, TestMember } from '../support/test-app';

const AFFILIATE_ID = '17345510000';

/** A text of `n` distinct Shopee product links, from product `from`. */
function links(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => `https://shopee.vn/product/${500 + from + i}/${9000 + i}`).join(' ');
}

describe('short-link quotas per plan (new links per UTC day and in all)', () => {
  const t = testAppForSuite({
    SHORT_LINK_QUOTA_FREE_PER_DAY: '5',
    SHORT_LINK_QUOTA_FREE_TOTAL: '8',
    SHORT_LINK_QUOTA_PRO_PER_DAY: '50',
    SHORT_LINK_QUOTA_PRO_TOTAL: '100',
  });

  const shorten = (member: TestMember, content: string, subIds: string[] = []) =>
    t.convert(member, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID, sub_ids: subIds });
  const limits = async (member: TestMember) =>
    (await t.send(t.http.get('/api/limits').set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken))).body
      .short_links;
  const rowsOf = async (member: TestMember) =>
    Number(
      (
        await t.dataSource.query('SELECT count(*)::int AS n FROM short_links WHERE member_id = $1', [member.member.id])
      )[0].n,
    );

  it('refuses the call whose new links pass the daily quota, with 429 quota_exceeded; links made again count nothing', async () => {
    const member = await t.createMember();
    expect((await shorten(member, links(4))).status).toBe(200);
    expect(await limits(member)).toMatchObject({ per_day: 5, today: 4, total_limit: 8, total: 4 });

    // The same targets with the same sub ids: the same links, nothing new, never refused.
    const again = await shorten(member, links(4));
    expect(again.status).toBe(200);
    expect(await rowsOf(member)).toBe(4);

    // Two new links would make 6 of 5 today: refused whole, nothing created.
    const refused = await shorten(member, links(2, 100));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('quota_exceeded');
    expect(refused.body.error.message).toContain('5 new short links per day');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await rowsOf(member)).toBe(4);

    // One more fits; other modes are not concerned.
    expect((await shorten(member, links(1, 100))).status).toBe(200);
    const plain = await t.convert(member, { content: links(3, 200), mode: 'affiliate', affiliate_id: AFFILIATE_ID });
    expect(plain.status).toBe(200);

    // The next UTC day: a fresh daily quota, until the total quota (8) is spent.
    t.clock.advance(retryAfter * 1000);
    expect(await limits(member)).toMatchObject({ today: 0, total: 5 });
    expect((await shorten(member, links(3, 300))).status).toBe(200);
    const spent = await shorten(member, links(1, 400));
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('quota_exceeded');
    expect(spent.body.error.message).toContain('8 short links in all');
    expect(await limits(member)).toMatchObject({ today: 3, total: 8 });
  });

  it('counts new sub ids as new links, and gives the Pro plan its own quotas', async () => {
    const pro = await t.createMember({ plan: 'pro' });
    expect((await shorten(pro, links(20))).status).toBe(200);
    // The same targets with other sub ids are other links.
    expect((await shorten(pro, links(20), ['fb'])).status).toBe(200);
    expect(await limits(pro)).toMatchObject({ per_day: 50, today: 40, total_limit: 100, total: 40 });
    expect((await shorten(pro, links(20), ['tiktok'])).status).toBe(429);
    expect((await shorten(pro, links(20), ['fb'])).status).toBe(200);
  });

  it('shows the quotas and their use on the account page data', async () => {
    const member = await t.createMember();
    expect((await shorten(member, links(2, 500))).status).toBe(200);
    const client = await new AccountClient(t).loginOk(member.member.email);
    const overview = await client.get('/account');
    expect(overview.status).toBe(200);
    expect(overview.body.usage.short_links).toMatchObject({ per_day: 5, today: 2, total_limit: 8, total: 2 });
  });
});
