import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { ClickCounter } from '@app/shortlinks/testing';
import type { Page } from 'playwright-core';
import { HAVE_CHROMIUM, NEEDS_CHROMIUM, openBrowser, type TestBrowser } from './support/browser';
import { describeIf } from './support/skip';
import { createTestApp, safeText, TestApp } from './support/test-app';

/**
 * The account area in a real browser: Debian's Chromium driven by playwright-core, against the real app
 * listening on a random 127.0.0.1 port. Without Chromium it is skipped saying why, and fails in CI
 * (test/support/skip.ts); `.ci/run` installs it.
 */

const PASSWORD = 'a long browser password';
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('account area in a browser', () => {
  let t: TestApp;
  let base: string;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    // Short links on this app's own host (any port), so the browser's and the test's requests reach them.
    t = await createTestApp({ SHORT_LINK_BASE_URL: 'http://127.0.0.1/s' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await openBrowser({
      viewport: { width: 1100, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A convert call over the network (as a member's server makes it), its body checked for leaks. */
  async function convert(apiKey: string, apiToken: string) {
    const res = await fetch(`${base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, 'X-API-Token': apiToken },
      body: JSON.stringify({ content: `Deal 🔥 ${PRODUCT}`, mode: 'link_goc' }),
    });
    return { status: res.status, body: JSON.parse(await safeText(res)) as Record<string, unknown> };
  }

  /** Clicks a copy button (found by its accessible name) and reads back what it put on the clipboard. */
  async function copied(buttonName: string): Promise<string> {
    const button = page.getByRole('button', { name: buttonName, exact: true });
    const target = await button.getAttribute('data-copy');
    await button.click();
    await page.locator(`[data-copy="${target}"]`, { hasText: 'Copied' }).waitFor();
    return page.evaluate<string>('navigator.clipboard.readText()');
  }

  async function regenerate(
    grace: string,
    heading = 'Your new key and token',
  ): Promise<{ apiKey: string; apiToken: string }> {
    await page.getByLabel('Your password').fill(PASSWORD);
    const graceSelect = page.getByLabel('Keep the current pair working for');
    if (await graceSelect.isVisible()) await graceSelect.selectOption({ label: grace });
    await page.locator('#regenerate-button').click();
    await page.getByRole('heading', { name: heading }).waitFor();
    const apiToken = await copied('Copy token');
    const apiKey = await copied('Copy key');
    expect(apiToken).toMatch(/^tok_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    return { apiKey, apiToken };
  }

  async function dismissPair(): Promise<void> {
    await page.getByRole('button', { name: 'I have copied them' }).click();
    await page.locator('#new-pair').waitFor({ state: 'hidden' });
  }

  /** Opens a section of the account page through its navigation. */
  async function openSection(name: string, hash: string): Promise<void> {
    await page.locator('#section-nav').getByRole('link', { name, exact: true }).click();
    await page.locator(`#section-${hash}`).waitFor();
  }

  it('signs up straight into the account, creates the first key, runs the quickstart call, tries the playground, sees clicks', async () => {
    const email = `browser-${Date.now()}@example.com`;

    // Sign-up logs in and lands on "Create your API key", worded for a first key.
    await page.goto(`${base}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/account#key`);
    await page.getByText('You have no API key yet').waitFor();
    await page.getByRole('heading', { name: 'Create your API key' }).waitFor();
    expect(await page.locator('#section-key').innerText()).not.toMatch(/previous pair|leaked/);
    await expect(page.locator('#section-nav a[aria-current="page"]').textContent()).resolves.toBe('API key');
    await page.getByText('Create your API key: the call below is then filled with it.').waitFor();

    // The first pair, and the Quickstart beside it filled with it: the curl call runs as copied.
    const first = await regenerate('No time: stop it now', 'Your API key and token');
    expect(await page.locator('#new-pair').innerText()).not.toContain('previous pair');
    await page.getByText('Filled with your new key and token').waitFor();
    for (const lang of ['Node', 'PHP', 'Python', 'curl']) {
      await page.getByRole('tab', { name: lang, exact: true }).click();
      const code = await page.locator('#quickstart-code').textContent();
      expect(code).toContain(first.apiKey);
      expect(code).toContain(first.apiToken);
      expect(code).toContain(`${base}/api/convert`);
    }
    await browser.screenshot('account.png');
    // The copied curl call, run by a shell; the Node one, run by node.
    await page.getByRole('button', { name: 'Copy this call' }).click();
    const curl = await page.evaluate<string>('navigator.clipboard.readText()');
    const { stdout } = await promisify(execFile)('sh', ['-c', curl], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toMatchObject({
      ok: true,
      output: 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011',
    });
    await page.getByRole('tab', { name: 'Node', exact: true }).click();
    await page.getByRole('button', { name: 'Copy this call' }).click();
    const node = await page.evaluate<string>('navigator.clipboard.readText()');
    const ran = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', node], { timeout: 30_000 });
    expect(ran.stdout.trim()).toBe('Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011');
    await page.getByRole('tab', { name: 'curl', exact: true }).click();
    const firstUse = await convert(first.apiKey, first.apiToken);
    expect(firstUse.status).toBe(200);
    expect(firstUse.body.output).toBe('Deal 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011');
    await dismissPair();
    expect(await page.locator('#quickstart-code').textContent()).not.toContain(first.apiToken);
    await expect(page.locator('#quickstart-code').textContent()).resolves.toContain('YOUR_API_TOKEN');
    await expect(page.locator('#key-preview').textContent()).resolves.toBe(
      `${first.apiKey.slice(0, 7)}…${first.apiKey.slice(-4)}`,
    );

    // Regenerate with no grace period, worded as a regeneration: the new pair works, the old one is refused.
    await page.getByRole('heading', { name: 'Regenerate key and token' }).waitFor();
    const second = await regenerate('No time: stop it now');
    await page.getByText('The previous pair stopped working now.').waitFor();
    await dismissPair();
    expect(second.apiToken).not.toBe(first.apiToken);
    expect((await convert(second.apiKey, second.apiToken)).status).toBe(200);
    const oldUse = await convert(first.apiKey, first.apiToken);
    expect(oldUse.status).toBe(401);
    expect(oldUse.body.error).toMatchObject({ code: 'invalid_credentials' });

    // Default affiliate settings and usage, each in its section.
    await openSection('Settings', 'settings');
    await page.getByLabel('Affiliate id', { exact: true }).fill('17345510000');
    await page.getByLabel('Sub ids', { exact: true }).fill('fb, post1');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('Defaults saved.').waitFor();
    await openSection('Usage', 'usage');
    await page.getByRole('button', { name: 'Refresh' }).click();
    // Four calls answered 200 today: the copied curl and Node calls, the first pair's and the second pair's.
    await page.locator('#usage-today', { hasText: /^4$/ }).waitFor();

    // The playground: the same answer as the API, with the saved defaults, and never the token.
    await openSection('Try it', 'playground');
    await page.getByLabel('Mode').selectOption('affiliate');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await page.locator('#playground-result').waitFor();
    await expect(page.locator('#playground-output').textContent()).resolves.toContain(
      'affiliate_id=17345510000&sub_id=fb-post1',
    );
    await expect(page.locator('#playground-summary').textContent()).resolves.toContain('1 converted, 0 failed');
    await page.getByLabel('Mode').selectOption('own_shortener');
    await page.getByLabel('Sub ids (comma-separated; empty: your saved defaults)').fill('zalo');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await page.locator('#playground-output', { hasText: '/s/' }).waitFor();
    const shortLink = (await page.locator('#playground-items li.ok p').last().textContent())!.replace('→ ', '');
    await browser.screenshot('account-playground.png');
    expect(await page.content()).not.toContain(second.apiToken);

    // Clicks: one by a person, one by a link preview bot, flushed, then drawn per day with Chart.js.
    const path = new URL(shortLink).pathname;
    await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11) Chrome/120' } });
    await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
    await t.app.get(ClickCounter).flush();
    await page.reload();
    await openSection('Clicks', 'clicks');
    await page.locator('#chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    expect(await page.evaluate<boolean>("Boolean(window.Chart && window.Chart.getChart('clicks-chart'))")).toBe(true);
    await page.getByLabel('Show clicks of').selectOption({ label: 'zalo · 1 link(s)' });
    await page.locator('#chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    // One link: its own clicks; every option of the select is one link, one sub id or all of them.
    await page.getByLabel('Show clicks of').selectOption({ label: shortLink });
    await page.locator('#chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    expect(await page.locator('#clicks-scope option').allTextContents()).toEqual([
      'All short links',
      shortLink,
      'zalo · 1 link(s)',
    ]);
    await browser.screenshot('account-clicks.png');

    // The token is gone from the page once dismissed; reloading never shows it again.
    await page.goto(`${base}/account#key`);
    await page.locator('#key-preview').waitFor();
    expect(await page.content()).not.toContain(second.apiToken);
    await openSection('Settings', 'settings');
    await expect(page.getByLabel('Affiliate id', { exact: true }).inputValue()).resolves.toBe('17345510000');

    // Narrow screens: nothing wider than 375px, in every section.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [name, hash] of [
      ['API key', 'key'],
      ['Try it', 'playground'],
      ['Clicks', 'clicks'],
      ['Settings', 'settings'],
    ]) {
      await page.goto(`${base}/account#${hash}`);
      await page.locator('#key-preview').waitFor({ state: 'attached' });
      await page.locator(`#section-${hash}`).waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      if (hash !== 'settings') await browser.screenshot(`account-375-${hash}.png`);
      expect(name).toBeTruthy();
    }

    // An admin sees the members page, at 375px too.
    const { MembersService } = await import('@app/members');
    const members = t.app.get(MembersService);
    const me = (await members.findByEmail(email))!;
    await members.change(me.id, { role: 'admin' });
    await page.goto(`${base}/admin/members`);
    await page.locator('td.email', { hasText: email }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The rows are built by app.js: each control there has an accessible name too.
    await expect(page.getByLabel(`Role of ${email}`).inputValue()).resolves.toBe('admin');
    const unlabelled = await page.evaluate<string[]>(
      `[...document.querySelectorAll('input, select, textarea')]
        .filter((field) => !(field.labels?.length || field.getAttribute('aria-label')))
        .map((field) => field.outerHTML)`,
    );
    expect(unlabelled).toEqual([]);
    await page.getByLabel('Filter by email').fill('nobody-matches');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No members match.').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${base}/account`);
    await page.waitForURL(/\/login$/);

    expect(browser.problems).toEqual([]);
  });
});
