import { AbuseEvents } from '@app/abuse';
import { UsageService } from '@app/usage';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { HAVE_CHROMIUM, NEEDS_CHROMIUM, openBrowser, type TestBrowser } from './support/browser';
import { describeIf } from './support/skip';
import { createTestApp, safeText, TEST_PASSWORD, TestApp, TestMember } from './support/test-app';

/**
 * The admin console in a real browser (Debian's Chromium through playwright-core, as the account test): an
 * admin logs in, sees the ban that 10 wrong tokens from one address caused, lifts it with the button, and the
 * address can call /api/convert again. Screenshots of every admin page go to test-results/ (and to
 * docs/screenshots/ with SAVE_SCREENSHOTS=1). Without Chromium it is skipped saying why, and fails in CI.
 */
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011';

describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('admin console in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: TestBrowser;
  let page: Page;
  let alice: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ IP_BAN_MAX_FAILURES: '10' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await openBrowser({ viewport: { width: 1200, height: 900 } });
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function convert(apiToken = alice.apiToken) {
    const res = await fetch(`${base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': alice.apiKey, 'X-API-Token': apiToken },
      body: JSON.stringify({ content: `Deal ${PRODUCT}`, mode: 'link_goc' }),
    });
    return { status: res.status, body: JSON.parse(await safeText(res)) as { error?: { code: string } } };
  }

  const shoot = (name: string) => browser.screenshot(`${name}.png`);

  it('an admin sees the ban 10 wrong tokens caused, lifts it with the button, and the address can call again', async () => {
    alice = await t.createMember({ email: 'alice@example.com', plan: 'pro' });
    const admin = await t.createMember({ email: 'root@example.com', role: 'admin' });
    for (let i = 0; i < 3; i++) expect((await convert()).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await convert('tok_' + 'w'.repeat(40))).status).toBe(401);
    const blocked = await convert();
    expect(blocked.status).toBe(403);
    expect(blocked.body.error?.code).toBe('ip_blocked');
    // A failed login of Alice's from an IPv6 loopback (as the login service records it).
    t.app
      .get(AbuseEvents)
      .record({ type: 'login_failed', ip: '::1', memberId: alice.member.id, detail: { context: 'login' } });
    await t.app.get(UsageService).flush();
    await t.app.get(AbuseEvents).flush();

    // Log in; the account page links admins to the console.
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(admin.member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/account`);
    await page.getByRole('link', { name: 'Admin console' }).click();
    await page.waitForURL(`${base}/admin`);

    // Overview: the charts are drawn, the failing address and the busy member are listed.
    await page.locator('#top-ips td', { hasText: '127.0.0.1' }).waitFor();
    await page.locator('#top-members td', { hasText: 'alice@example.com' }).waitFor();
    await expect(page.locator('#top-ips tr').first().locator('td').nth(1).textContent()).resolves.toBe('10');
    const drawn = await page.evaluate<string[]>(
      `['calls-chart', 'bans-chart', 'failures-chart'].filter((id) => window.Chart && window.Chart.getChart(id))`,
    );
    expect(drawn).toEqual(['calls-chart', 'bans-chart', 'failures-chart']);
    // The figures behind them: 3 calls of 1 link each this hour, 10 + 1 failed authentications, 1 ban.
    const overview = await page.evaluate<Record<string, Array<{ value: number }>>>(
      `fetch('/admin/overview', { headers: { Accept: 'application/json' } }).then((res) => res.json())`,
    );
    const total = (name: string) => overview[name].reduce((sum, point) => sum + point.value, 0);
    expect([total('calls_per_hour'), total('links_per_hour')]).toEqual([3, 3]);
    expect(overview.calls_per_hour).toHaveLength(7 * 24);
    expect([total('failed_auth_per_hour'), total('bans_per_day')]).toEqual([11, 1]);
    await shoot('admin-overview');

    // Members, then Alice's page: usage, her key, her abuse events.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('link', { name: 'alice@example.com' }).waitFor();
    await shoot('admin-members');
    await page.getByRole('link', { name: 'alice@example.com' }).click();
    await page.locator('#member-title', { hasText: 'alice@example.com' }).waitFor();
    await page.locator('#member-keys .badge', { hasText: 'active' }).waitFor();
    await page.locator('#member-events tr', { hasText: 'login_failed' }).filter({ hasText: '::1' }).waitFor();
    await shoot('admin-member');

    // The abuse log: emails beside member ids, the exact address.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Abuse log' }).click();
    // The exact address as written (`::1`), its /64 as the group, Alice's email beside her id.
    const loginRow = page.locator('tr', { hasText: 'login_failed' });
    await loginRow.locator('td a', { hasText: 'alice@example.com' }).waitFor();
    await expect(loginRow.locator('td').nth(2).textContent()).resolves.toBe('::1');
    await expect(loginRow.locator('td').nth(3).textContent()).resolves.toBe('::/64');
    await page.locator('td', { hasText: 'ip_banned' }).first().waitFor();
    await shoot('admin-abuse');

    // Bans: the active ban, lifted with its button.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bans' }).click();
    const banRow = page.locator('#active-bans tr', { hasText: '127.0.0.1' });
    await banRow.waitFor();
    await page.locator('#ban-history tr', { hasText: '127.0.0.1' }).first().waitFor();
    await shoot('admin-bans');
    await page.getByRole('button', { name: 'Lift the ban of 127.0.0.1' }).click();
    await page.getByText('Lifted the ban of 127.0.0.1.').waitFor();
    await page.getByText('No active bans.').waitFor();
    await page.locator('#ban-history tr', { hasText: 'lifted' }).first().waitFor();

    // The address can call again.
    expect((await convert()).status).toBe(200);

    // Narrow screens: no admin page is wider than 375px.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/admin', '/admin/bans', `/admin/members/${alice.member.id}`]) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(375);
    }
    expect(browser.problems).toEqual([]);
  });
});
