import AxeBuilder from '@axe-core/playwright';
import { AddressPolicy } from '@app/conversion';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { HAVE_CHROMIUM, NEEDS_CHROMIUM, openBrowser, type TestBrowser } from '../support/browser';
import { describeIf } from '../support/skip';
import { createTestApp, TEST_PASSWORD, TestApp, type TestMember } from '../support/test-app';

const WIDTHS = [1280, 375] as const;

/**
 * The audit log's pages in Chromium at 1280 and 375 px: the member's security log (with the notice of a webhook
 * endpoint turned off, and its "turn it back on") and the console's audit page: no serious or critical axe
 * violation, nothing wider than the screen; the member's own actions are listed, newest first.
 */
describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('audit log pages in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: TestBrowser;
  let page: Page;
  let lan: TestMember;

  beforeAll(async () => {
    // The endpoint is on 127.0.0.1, which the address policy allows here only.
    t = await createTestApp(
      {},
      { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }] },
    );
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
    page = browser.page;
    lan = await t.createMember({ email: 'lan.tran@example.com' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function logIn(email: string): Promise<void> {
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/dashboard`);
  }

  async function axeProblems(): Promise<string[]> {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }

  async function check(name: string, path: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      expect({ path, width, problems: await axeProblems() }).toEqual({ path, width, problems: [] });
      const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ path, width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ path, width, scrollWidth });
      await browser.screenshot(`${name}-${width}.png`);
    }
  }

  it('the security log with a webhook notice, and the console’s audit page: axe-clean at 1280 and 375 px', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': lan.apiKey, 'X-API-Token': lan.apiToken };
    const made = await fetch(`${base}/api/webhooks/endpoints`, {
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
    await check('account-security', '/dashboard/security');
    const rows = page.locator('#security-table tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await expect(rows.first().textContent()).resolves.toContain('Logged in from a new address');

    await page.getByRole('button', { name: 'Turn http://127.0.0.1:9/linkconv back on' }).click();
    await page.getByText('is on again').waitFor();
    expect(await page.getByRole('heading', { name: 'A webhook endpoint is turned off' }).count()).toBe(0);

    const admin = await t.createMember({ email: 'admin@example.com', role: 'admin' });
    await logIn(admin.member.email);
    await check('admin-audit', `/console/audit?member=${encodeURIComponent(lan.member.email)}`);
    await expect(page.locator('#audit-table').textContent()).resolves.toContain('Webhook endpoint changed');
    expect(browser.problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
  }, 600_000);
});
