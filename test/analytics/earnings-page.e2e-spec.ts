import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { ClickRecorder } from '@app/analytics/testing';
import { join } from 'node:path';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { describeIf } from '../support/skip';
import type { TestMember } from '../support/test-app';

const GOLDEN = join(__dirname, '..', 'fixtures', 'reports', 'shopee-vn.csv');
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.111.5001';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const START = '2026-08-01';

/**
 * The earnings page in a real browser: a member with two short links (sub ids `fb-post1` and `zalo`) clicked by
 * people (and a bot), imports the golden Shopee VN export through the page (preview, then apply), and sees per
 * sub id the figures computed by hand from that file (test/analytics/analytics.e2e-spec.ts lists them):
 * fb-post1 = 3 orders, GMV 440,000 ₫, net 18,000 ₫ (2 clicks: EPC 9,000 ₫); zalo = 0 orders (1 cancelled), net 0;
 * no sub id = 1 order, GMV 1,250,000 ₫, net 62,500 ₫. The same figures come from `GET /api/analytics`. Then the
 * sub id filter, the link search, axe (no violation at all) and screenshots at 1280 and 375 px.
 */
describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('the earnings page in a browser', () => {
  const { t, browser } = appInBrowserForSuite(
    { SHORT_LINK_BASE_URL: 'http://127.0.0.1/s', CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000' },
    { viewport: { width: 1280, height: 900 } },
    { timeout: 180_000 },
  );
  let mai: TestMember;

  beforeAll(async () => {
    mai = await t.createMember({ email: 'mai.earnings@example.com', plan: 'pro', defaultAffiliateId: '17345510000' });
  });

  async function shortLink(subIds: string[]): Promise<string> {
    const res = await fetch(`${browser.base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': mai.apiKey, 'X-API-Token': mai.apiToken },
      body: JSON.stringify({ content: PRODUCT, mode: 'own_shortener', sub_ids: subIds }),
    });
    const body = (await res.json()) as { items: Array<{ output: string }> };
    if (!body.items) throw new Error(JSON.stringify(body));
    return new URL(body.items[0].output).pathname;
  }

  /** The cells of the sub-id table's row whose key is `subId`, by column. */
  async function subIdRow(subId: string): Promise<Record<string, string>> {
    const row = browser.page.locator('#subids-table tbody tr').filter({
      has: browser.page.locator('td[data-label="Sub id"]', {
        hasText: new RegExp(`^${subId.replace(/[()]/g, '\\$&')}$`),
      }),
    });
    const cells = await row
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-label') ?? '', (td.textContent ?? '').trim()]));
    return Object.fromEntries(cells);
  }

  async function axeViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page: browser.page }).analyze();
    return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
  }

  it('import → preview → apply → figures per sub id as computed by hand → filter by sub id; axe clean at 1280 and 375 px', async () => {
    const fbPath = await shortLink(['fb', 'post1']);
    const zaloPath = await shortLink(['zalo']);
    for (const [path, agent] of [
      [fbPath, IPHONE],
      [fbPath, IPHONE],
      [fbPath, 'facebookexternalhit/1.1'],
      [zaloPath, IPHONE],
    ]) {
      expect(
        (await fetch(`${browser.base}${path}`, { redirect: 'manual', headers: { 'User-Agent': agent } })).status,
      ).toBe(302);
    }
    await t.app.get(ClickRecorder).flush();

    await browser.logIn(mai.member.email);
    await browser.page.getByRole('link', { name: 'Earnings' }).click();
    await browser.page.waitForURL(`${browser.base}/dashboard/earnings`);

    // The range: from August (the export's orders) to today (the clicks), in Vietnam's time.
    await browser.page.getByLabel('From').fill(START);
    await browser.page.getByLabel('Time zone').fill('Asia/Ho_Chi_Minh');
    await browser.page.getByRole('button', { name: 'Show', exact: true }).click();
    await browser.page.waitForURL(/start=2026-08-01/);
    expect(await browser.page.locator('#card-orders .stat-value').textContent()).toBe('0');

    // Preview: nothing written yet.
    // Named as the portal names it: the page sends the name, which says when the export was made (12:00 in Vietnam).
    await browser.page.locator('#import-file').setInputFiles({
      name: 'AffiliateCommissionReport202608201200.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(GOLDEN),
    });
    await browser.page.getByRole('button', { name: 'Preview' }).click();
    await browser.page.getByRole('heading', { name: /^Preview: shopee report, VND/ }).waitFor();
    expect(await browser.page.locator('#import-report-time').textContent()).toBe(
      "Report made 2026-08-20 05:00 UTC (from the file's name).",
    );
    const counts = await browser.page.locator('#import-counts').textContent();
    expect(counts).toContain('Rows read9');
    expect(counts).toContain('New lines6');
    expect(counts).toContain('Skipped3');
    expect(
      await t.dataSource.query(`SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1`, [mai.member.id]),
    ).toEqual([{ n: 0 }]);
    await browser.page.setViewportSize({ width: 375, height: 900 });
    expect(await axeViolations()).toEqual([]);
    await browser.screenshot('account-earnings-preview-375.png');
    await browser.page.setViewportSize({ width: 1280, height: 900 });

    // Apply, then the figures.
    await browser.page.getByRole('button', { name: 'Apply: 6 new, 0 updated' }).click();
    await browser.page.getByRole('heading', { name: 'Imported' }).waitFor();
    await browser.page.getByRole('link', { name: 'Show the figures' }).click();
    await browser.page.waitForLoadState('networkidle');
    expect(browser.page.url()).toContain('start=2026-08-01');

    expect(await subIdRow('fb-post1')).toEqual({
      'Sub id': 'fb-post1',
      Clicks: '2',
      Orders: '3',
      Conversion: '150.00%',
      GMV: '440,000 VND',
      'Net commission': '18,000 VND',
      EPC: '9,000 VND',
    });
    expect(await subIdRow('zalo')).toEqual({
      'Sub id': 'zalo',
      Clicks: '1',
      Orders: '0 (1 cancelled)',
      Conversion: '0.00%',
      GMV: '0 VND',
      'Net commission': '0 VND',
      EPC: '0 VND',
    });
    expect(await subIdRow('(no sub id)')).toMatchObject({
      Clicks: '0',
      Orders: '1',
      GMV: '1,250,000 VND',
      'Net commission': '62,500 VND',
    });
    expect(await browser.page.locator('#card-orders .stat-value').textContent()).toBe('4');
    expect(await browser.page.locator('#card-gmv .stat-value').textContent()).toBe('1,690,000 VND');
    expect(await browser.page.locator('#card-net .stat-value').textContent()).toBe('80,500 VND');
    expect(await browser.page.locator('#card-clicks .stat-value').textContent()).toBe('3');

    // The same figures from the API, with the key and token.
    const api = await fetch(
      `${browser.base}/api/analytics?groupBy=sub_id&start=${START}&timezone=Asia/Ho_Chi_Minh&sub_id=fb-post1`,
      { headers: { 'X-API-Key': mai.apiKey, 'X-API-Token': mai.apiToken } },
    );
    const fromApi = (await api.json()) as { rows: Array<Record<string, unknown>> };
    expect(fromApi.rows).toEqual([
      expect.objectContaining({
        key: 'fb-post1',
        clicks: 2,
        bot_clicks: 1,
        orders: 3,
        amounts: [expect.objectContaining({ currency: 'VND', gmv: '440000', net_commission: '18000', epc: '9000' })],
      }),
    ]);

    // The sync state per source, its last error in words (no app credentials saved).
    await browser.page.getByRole('button', { name: 'Sync shopee now' }).click();
    await browser.page.locator('#sync-table tbody tr', { hasText: 'Shopee' }).locator('.badge.failed').waitFor();
    expect(
      await browser.page
        .locator('#sync-table tbody tr', { hasText: 'Shopee' })
        .locator('td[data-label="Last error"]')
        .textContent(),
    ).toMatch(/Settings/);

    // Sorting the table by orders, smallest first.
    await browser.page.locator('#subids-table th a', { hasText: 'Orders' }).click();
    await browser.page.locator('#subids-table th a', { hasText: 'Orders' }).click();
    await browser.page.waitForURL(/sort=orders&dir=asc/);
    expect(await browser.page.locator('#subids-table th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    expect(await browser.page.locator('#subids-table tbody tr td.primary').first().textContent()).toBe('zalo');

    // The link filter: searched (never a list of every link), then chosen.
    await browser.page.getByLabel('Link (search by code, target or sub id)').fill('zalo');
    await browser.page.locator('#link-results label', { hasText: '/s/' }).first().waitFor();
    await browser.page.waitForFunction(
      () => document.querySelectorAll('#link-results input[value]:not([value=""])').length === 1,
    );
    const found = await browser.page.request.get(`${browser.base}/account/short-links/search?q=post1`);
    expect(((await found.json()) as { links: Array<{ sub_id: string }> }).links.map((l) => l.sub_id)).toEqual([
      'fb-post1',
    ]);

    // Filtered by sub id: the cards are that sub id's.
    await browser.page.getByLabel('Sub id', { exact: true }).fill('fb-post1');
    await browser.page.locator('#link-results input[value=""]').check();
    await browser.page.getByRole('button', { name: 'Show', exact: true }).click();
    await browser.page.waitForURL(/sub_id=fb-post1/);
    expect(await browser.page.locator('#card-orders .stat-value').textContent()).toBe('3');
    expect(await browser.page.locator('#card-net .stat-value').textContent()).toBe('18,000 VND');
    expect(await browser.page.locator('#card-epc .stat-value').textContent()).toBe('9,000 VND');
    expect(await browser.page.locator('#subids-table tbody tr').count()).toBe(1);

    // Unfiltered again, at both widths: no axe violation, nothing wider than the screen, screenshots.
    for (const width of [1280, 375]) {
      await browser.page.setViewportSize({ width, height: 900 });
      await browser.page.goto(`${browser.base}/dashboard/earnings?start=${START}&timezone=Asia/Ho_Chi_Minh`);
      await browser.page.waitForLoadState('networkidle');
      expect({ width, violations: await axeViolations() }).toEqual({ width, violations: [] });
      const scrollWidth = await browser.page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ width, scrollWidth });
      await browser.screenshot(`account-earnings-${width}.png`);
      // A top item leads to its details page (no product credentials saved here: it says what to save).
      await browser.page.locator('#top-items a').first().click();
      await browser.page.waitForURL(/\/dashboard\/earnings\/items\/shopee\//);
      await expect(browser.page.locator('#item-title').textContent()).resolves.toBeTruthy();
      await expect(browser.page.locator('#item-product-error').textContent()).resolves.toContain(
        'product_not_configured',
      );
      expect({ width, item: await axeViolations() }).toEqual({ width, item: [] });
      const itemWidth = await browser.page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ width, itemWidth: Math.min(itemWidth, width) }).toEqual({ width, itemWidth });
      await browser.screenshot(`account-earnings-item-${width}.png`);
    }
    expect(browser.problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
  }, 600_000);
});
