import { ClickRecorder } from '@app/analytics/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountClient } from '../support/account-client';
import { testAppForSuite, TestMember } from '../support/test-app';
import { insertShortLink } from '../support/short-links';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
const SHORT_HOST = 'sl.test';

/**
 * The admin overview's platform totals (`GET /admin/overview` → `platform`, and the page at /console): every
 * member's clicks, orders, GMV and commission of the last 7 days per currency, and the members with imports.
 * Computed by hand from the golden files: Alice's Shopee VN export (4 orders, GMV 1,690,000 ₫, completed
 * 77,500 ₫, net 80,500 ₫), Bob's Lazada export (LZ001 delivered: 400,000 ₫, 15,000 ₫; LZ002 returned; LZ003
 * shipped: 50,000 ₫, 2,500 ₫ pending) and his Shopee PH export (PH001 with one item cancelled: 1,234.50 ₱,
 * 37.04 ₱; PH002 unpaid: 500 ₱, 0 ₱). The clock stands on 2026-08-14, so the window holds the August orders.
 */
describe('admin overview: platform totals', () => {
  const t = testAppForSuite({
    SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
    CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000',
  });
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t.clock.advance(Date.parse('2026-08-14T12:00:00Z') - Date.now());
    alice = await t.createMember();
    bob = await t.createMember();
    await t.createMember(); // no import
    await t.createMember({ email: 'platform-admin@example.com', role: 'admin' });
  });

  const upload = async (member: TestMember, name: string) => {
    const res = await t.importReport(member, '?apply=true', readFileSync(join(FIXTURES, name)));
    expect(res.status).toBe(200);
  };

  it('sums every member per currency (never across currencies) and counts the members with imports', async () => {
    const id = await insertShortLink(t, alice.member.id, {
      code: 'PlatfA1',
      target: 'https://shopee.vn/x-i.111.5001',
      subId: 'fb-post1',
    });
    expect(id).toBeDefined();
    for (const agent of ['Mozilla/5.0 (iPhone) Safari/604.1', 'Mozilla/5.0 (X11) Chrome/120', 'curl/8.5.0']) {
      const res = await t.send(t.http.get('/s/PlatfA1').set('Host', SHORT_HOST).set('User-Agent', agent).redirects(0));
      expect(res.status).toBe(302);
    }
    await t.app.get(ClickRecorder).flush();
    await upload(alice, 'shopee-vn.csv');
    await upload(bob, 'lazada.csv');
    await upload(bob, 'shopee-en-ph.csv');

    const admin = await new AccountClient(t).loginOk('platform-admin@example.com');
    const res = await admin.get('/admin/overview');
    expect(res.status).toBe(200);
    expect(res.body.platform).toEqual({
      since: '2026-08-08',
      clicks: 2,
      bot_clicks: 1,
      members_with_imports: 2,
      amounts: [
        { currency: 'PHP', orders: 2, gmv: '1734.5', commission_completed: '37.04', net_commission: '37.04' },
        { currency: 'VND', orders: 6, gmv: '2140000', commission_completed: '92500', net_commission: '98000' },
      ],
    });
    const page = await admin.get('/console');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Earnings on the platform (last 7 days)');
    expect(page.text).toMatch(/id="platform-members">2</);
  });
});
