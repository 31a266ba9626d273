import { AddressPolicy } from '@app/conversion';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { describeIf } from '../support/skip';
import type { TestMember } from '../support/test-app';

/**
 * The audit log's pages in Chromium at 1280 and 375 px: the member's security log (with the notice of a webhook
 * endpoint turned off, and its "turn it back on") and the console's audit page: no serious or critical axe
 * violation, nothing wider than the screen; the member's own actions are listed, newest first.
 */
describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('audit log pages in a browser', () => {
  // The endpoint is on 127.0.0.1, which the address policy allows here only.
  const { t, browser } = appInBrowserForSuite(
    {},
    { viewport: { width: 1280, height: 900 } },
    { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }], timeout: 180_000 },
  );
  let lan: TestMember;

  beforeAll(async () => {
    lan = await t.createMember({ email: 'lan.tran@example.com' });
  });

  async function logIn(email: string): Promise<void> {
    await browser.page.setViewportSize({ width: 1280, height: 900 });
    await browser.logIn(email);
  }

  it('the security log with a webhook notice, and the console’s audit page: axe-clean at 1280 and 375 px', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': lan.apiKey, 'X-API-Token': lan.apiToken };
    const made = await fetch(`${browser.base}/api/webhooks/endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/linkconv', events: ['order.created'] }),
    });
    expect(made.status).toBe(201);
    const { endpoint } = (await made.json()) as { endpoint: { id: string } };
    // Turned off as the dispatcher does after days of failures (its reason as it words it).
    await t.dataSource.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2 WHERE id = $1`, [
      endpoint.id,
      'Disabled on 2026-11-28: every delivery failed for 120 hours. Fix the endpoint and turn it back on.',
    ]);

    await logIn(lan.member.email);
    await browser.expectFitsWidths('account-security', '/dashboard/security');
    const rows = browser.page.locator('#security-table tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await expect(rows.first().textContent()).resolves.toContain('Logged in from a new address');

    await browser.page.getByRole('button', { name: 'Turn http://127.0.0.1:9/linkconv back on' }).click();
    await browser.page.getByText('is on again').waitFor();
    expect(await browser.page.getByRole('heading', { name: 'A webhook endpoint is turned off' }).count()).toBe(0);

    const admin = await t.createMember({ email: 'admin@example.com', role: 'admin' });
    await logIn(admin.member.email);
    await browser.expectFitsWidths('admin-audit', `/console/audit?member=${encodeURIComponent(lan.member.email)}`);
    await expect(browser.page.locator('#audit-table').textContent()).resolves.toContain('Webhook endpoint changed');
    expect(browser.problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
  }, 600_000);
});
