import { AbuseEvents } from '@app/abuse';
import { UsageService } from '@app/usage';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { describeIf } from '../support/skip';
import { safeText, TestMember } from '../support/test-app';

/**
 * The admin console in a real browser (Debian's Chromium through playwright-core, as the account test): an
 * admin logs in, sees the ban that 10 wrong tokens from one address caused, lifts it with the button, and the
 * address can call /api/convert again. Screenshots of every admin page go to docs/screenshots/ (and
 * test-results/) with SAVE_SCREENSHOTS=1. Without Chromium it is skipped saying why, and fails in CI.
 */
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011';

describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('admin console in a browser', () => {
  const { t, browser } = appInBrowserForSuite(
    { IP_BAN_MAX_FAILURES: '10' },
    { viewport: { width: 1200, height: 900 } },
  );
  let alice: TestMember;

  async function convert(apiToken = alice.apiToken) {
    const res = await fetch(`${browser.base}/api/convert`, {
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
    await browser.logIn(admin.member.email);
    await browser.page.getByRole('link', { name: 'Admin console' }).click();
    await browser.page.waitForURL(`${browser.base}/console`);
    const adminNav = browser.page.getByRole('navigation', { name: 'Admin sections' });

    // Overview: the charts are drawn, the failing address and the busy member are listed.
    const topIp = browser.page.locator('section[aria-labelledby="top-ips-title"] tr', { hasText: '127.0.0.1' });
    await topIp.waitFor();
    await expect(topIp.locator('td').nth(1).textContent()).resolves.toBe('10');
    await browser.page
      .locator('section[aria-labelledby="top-members-title"] td', { hasText: 'alice@example.com' })
      .waitFor();
    await browser.page.waitForFunction(
      `['calls-chart', 'bans-chart', 'failures-chart'].every((id) => window.Chart && window.Chart.getChart(id))`,
    );
    // The figures behind them: 3 calls of 1 link each this hour, 10 + 1 failed authentications, 1 ban.
    const overview = await browser.page.evaluate<Record<string, Array<{ value: number }>>>(
      `fetch('/admin/overview', { headers: { Accept: 'application/json' } }).then((res) => res.json())`,
    );
    const total = (name: string) => overview[name].reduce((sum, point) => sum + point.value, 0);
    expect([total('calls_per_hour'), total('links_per_hour')]).toEqual([3, 3]);
    expect(overview.calls_per_hour).toHaveLength(7 * 24);
    expect([total('failed_auth_per_hour'), total('bans_per_day')]).toEqual([11, 1]);
    await browser.page.getByText('3 calls and 3 links in 7 days.').waitFor();
    await browser.page.getByText('1 ban in 7 days.').waitFor();
    await shoot('admin-overview');

    // Members, then Alice's page: usage, her key, her abuse events.
    await adminNav.getByRole('link', { name: 'Members' }).click();
    await browser.page.getByRole('link', { name: 'alice@example.com' }).waitFor();
    await shoot('admin-members');
    await browser.page.getByRole('link', { name: 'alice@example.com' }).click();
    await browser.page.locator('#member-title', { hasText: 'alice@example.com' }).waitFor();
    await browser.page.locator('section[aria-labelledby="keys-title"] .badge', { hasText: 'active' }).waitFor();
    await browser.page.locator('#events-table tr', { hasText: 'login_failed' }).filter({ hasText: '::1' }).waitFor();
    await shoot('admin-member');

    // Plan change, confirmed in a dialog; cancelling changes nothing.
    await browser.page.getByRole('button', { name: 'Move to free…' }).click();
    const planDialog = browser.page.getByRole('dialog', { name: 'Move to the free plan?' });
    await planDialog.waitFor();
    await planDialog.getByRole('button', { name: 'Cancel' }).click();
    await planDialog.waitFor({ state: 'hidden' });
    await expect(browser.page.locator('#member-plan').textContent()).resolves.toBe('pro');
    await browser.page.getByRole('button', { name: 'Move to free…' }).click();
    await planDialog.getByRole('button', { name: 'Move to free' }).click();
    await browser.page.getByText('alice@example.com is now on the free plan.').waitFor();
    await expect(browser.page.locator('#member-plan').textContent()).resolves.toBe('free');

    // The abuse log: emails beside member ids, the exact address and its /64.
    await adminNav.getByRole('link', { name: 'Abuse log' }).click();
    const loginRow = browser.page.locator('#events-table tr', { hasText: 'login_failed' });
    await loginRow.locator('td a', { hasText: 'alice@example.com' }).waitFor();
    await expect(loginRow.locator('td[data-label="Address"]').textContent()).resolves.toBe('::1 (::/64)');
    await browser.page.locator('td', { hasText: 'ip_banned' }).first().waitFor();
    // Date pickers filter by UTC day: today has every event, tomorrow none.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await browser.page.getByLabel('From (UTC day)').fill(today);
    await browser.page.getByRole('button', { name: 'Filter' }).click();
    await browser.page.locator('td', { hasText: 'ip_banned' }).first().waitFor();
    await browser.page.getByLabel('From (UTC day)').fill(tomorrow);
    await browser.page.getByRole('button', { name: 'Filter' }).click();
    await browser.page.getByText('No event matches these filters').waitFor();
    await browser.page.goto(`${browser.base}/console/abuse`);
    await shoot('admin-abuse');

    // Bans: the active ban, lifted after a confirmation.
    await adminNav.getByRole('link', { name: 'Bans' }).click();
    const banRow = browser.page.locator('#active-bans tr', { hasText: '127.0.0.1' });
    await banRow.waitFor();
    await browser.page.locator('#ban-history tr', { hasText: '127.0.0.1' }).first().waitFor();
    await shoot('admin-bans');
    await browser.page.getByRole('button', { name: 'Lift the ban of 127.0.0.1' }).click();
    await browser.confirm('Lift the ban of 127.0.0.1?', 'Lift ban');
    await browser.page.getByText('Lifted the ban of 127.0.0.1.').waitFor();
    await browser.page.getByText('No active bans').waitFor();
    await browser.page.locator('#ban-history tr', { hasText: 'lifted' }).first().waitFor();

    // The address can call again.
    expect((await convert()).status).toBe(200);

    // Narrow screens: no admin page is wider than 375px.
    await browser.page.setViewportSize({ width: 375, height: 800 });
    for (const path of [
      '/console',
      '/console/members',
      '/console/abuse',
      '/console/bans',
      `/console/members/${alice.member.id}`,
    ]) {
      await browser.page.goto(`${browser.base}${path}`);
      await browser.page.waitForLoadState('networkidle');
      const width = await browser.page.evaluate<number>('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(375);
    }
    expect(browser.problems).toEqual([]);
  });
});
