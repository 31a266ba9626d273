import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ClickCounter } from '@app/shortlinks/testing';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { describeIf } from '../support/skip';
import { safeText } from '../support/test-app';

/**
 * The account area in a real browser: Debian's Chromium driven by playwright-core, against the real app
 * listening on a random 127.0.0.1 port. The pages are server-rendered views updated by htmx. Without Chromium
 * it is skipped saying why, and fails in CI (test/support/skip.ts); `.ci/run` installs it.
 */

const PASSWORD = 'a long browser password';
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('account area in a browser', () => {
  // Short links on this app's own host (any port), so the browser's and the test's requests reach them.
  const { t, browser } = appInBrowserForSuite(
    { SHORT_LINK_BASE_URL: 'http://127.0.0.1/s' },
    {
      viewport: { width: 1100, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    },
  );

  /** A convert call over the network (as a member's server makes it), its body checked for leaks. */
  async function convert(apiKey: string, apiToken: string) {
    const res = await fetch(`${browser.base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, 'X-API-Token': apiToken },
      body: JSON.stringify({ content: `Deal 🔥 ${PRODUCT}`, mode: 'link_goc' }),
    });
    return { status: res.status, body: JSON.parse(await safeText(res)) as Record<string, unknown> };
  }

  async function revealed(heading: string): Promise<{ apiKey: string; apiToken: string }> {
    await browser.page.getByRole('heading', { name: heading }).waitFor();
    const apiToken = await browser.copied('Copy token');
    const apiKey = await browser.copied('Copy key');
    expect(apiToken).toMatch(/^tok_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    return { apiKey, apiToken };
  }

  async function regenerate(grace: string): Promise<{ apiKey: string; apiToken: string }> {
    await browser.page.getByLabel('Your password').fill(PASSWORD);
    await browser.page.getByLabel('Keep the current pair working for').selectOption({ label: grace });
    await browser.page.getByRole('button', { name: 'Generate a new key and token' }).click();
    return revealed('Your new key and token');
  }

  async function dismissPair(): Promise<void> {
    await browser.page.getByRole('button', { name: 'I have copied them' }).click();
    await browser.page.locator('#new-pair').waitFor({ state: 'detached' });
  }

  /** Opens a section of the account through its navigation. */
  async function openSection(name: string): Promise<void> {
    await browser.page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name, exact: true })
      .click();
    await browser.page
      .locator('nav[aria-label="Account sections"] a[aria-current="page"]', { hasText: name })
      .waitFor();
  }

  it('signs up straight into the account, gets the first key with no password, runs the quickstart call, tries the playground, sees clicks', async () => {
    const email = `browser-${Date.now()}@example.com`;

    // Sign-up logs in and lands on the API key section, with no key yet.
    await browser.page.goto(`${browser.base}/signup`);
    await browser.page.getByLabel('Email').fill(email);
    await browser.page.getByLabel('Password').fill(PASSWORD);
    await browser.page.getByRole('button', { name: 'Create account' }).click();
    await browser.page.waitForURL(`${browser.base}/dashboard`);
    await browser.page.getByText('You have no API key yet').waitFor();
    await expect(
      browser.page.locator('nav[aria-label="Account sections"] a[aria-current="page"]').textContent(),
    ).resolves.toBe('API key');
    await browser.page.getByText('Create your API key: the call below is then filled with it.').waitFor();
    expect(await browser.page.locator('#key-card').innerText()).not.toMatch(/previous pair|leaked|password/i);

    // The first pair needs no password; the Quickstart beside it is filled with it: the curl call runs as copied.
    await browser.page.getByRole('button', { name: 'Create my key and token' }).click();
    const first = await revealed('Your API key and token');
    expect(await browser.page.locator('#new-pair').innerText()).not.toContain('previous pair');
    await browser.page.getByText('Filled with your new key and token').waitFor();
    for (const lang of ['Node', 'PHP', 'Python', 'curl']) {
      await browser.page.getByRole('tab', { name: lang, exact: true }).click();
      const panel = browser.page.getByRole('tabpanel');
      const code = await panel.locator('code').textContent();
      expect(code).toContain(first.apiKey);
      expect(code).toContain(first.apiToken);
      expect(code).toContain(`${browser.base}/api/convert`);
    }
    await browser.screenshot('account.png');
    // The copied curl call, run by a shell; the Node one, run by node.
    await browser.page.getByRole('tabpanel').getByRole('button', { name: 'Copy this call' }).click();
    const curl = await browser.page.evaluate<string>('navigator.clipboard.readText()');
    const { stdout } = await promisify(execFile)('sh', ['-c', curl], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toMatchObject({
      ok: true,
      output: 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011',
    });
    await browser.page.getByRole('tab', { name: 'Node', exact: true }).click();
    await browser.page.getByRole('tabpanel').getByRole('button', { name: 'Copy this call' }).click();
    const node = await browser.page.evaluate<string>('navigator.clipboard.readText()');
    const ran = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', node], { timeout: 30_000 });
    expect(ran.stdout.trim()).toBe('Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011');
    const firstUse = await convert(first.apiKey, first.apiToken);
    expect(firstUse.status).toBe(200);
    expect(firstUse.body.output).toBe('Deal 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011');
    await dismissPair();
    expect(await browser.page.content()).not.toContain(first.apiToken);
    await expect(browser.page.locator('#quickstart-code-curl').textContent()).resolves.toContain('YOUR_API_TOKEN');
    await expect(browser.page.locator('#key-preview').textContent()).resolves.toBe(
      `${first.apiKey.slice(0, 7)}…${first.apiKey.slice(-4)}`,
    );

    // Regeneration asks for the password; a wrong one is said in the form, and nothing changes.
    await browser.page.getByRole('heading', { name: 'Regenerate key and token' }).waitFor();
    await browser.page.getByLabel('Your password').fill('not my password');
    await browser.page.getByRole('button', { name: 'Generate a new key and token' }).click();
    await browser.page.locator('#regenerate-form-status[role="alert"]').waitFor();
    expect((await convert(first.apiKey, first.apiToken)).status).toBe(200);
    const second = await regenerate('No time: stop it now');
    await browser.page.getByText('The previous pair stopped working now.').waitFor();
    await dismissPair();
    expect(second.apiToken).not.toBe(first.apiToken);
    expect((await convert(second.apiKey, second.apiToken)).status).toBe(200);
    const oldUse = await convert(first.apiKey, first.apiToken);
    expect(oldUse.status).toBe(401);
    expect(oldUse.body.error).toMatchObject({ code: 'invalid_credentials' });

    // Default affiliate settings (the defaults group) and usage, each in its section.
    await openSection('Settings');
    await browser.page.getByLabel('Affiliate id', { exact: true }).fill('17345510000');
    await browser.page.getByLabel('Sub ids', { exact: true }).fill('fb, post1');
    await browser.page.getByRole('button', { name: 'Save defaults' }).click();
    await browser.page.getByText('Defaults for every marketplace saved.').waitFor();
    await openSection('Usage');
    await browser.page.getByRole('button', { name: 'Refresh' }).click();
    // Five calls answered 200 today: the copied curl and Node calls, the first pair's twice and the second's.
    await browser.page.locator('#usage-today', { hasText: /^5$/ }).waitFor();

    // The playground: the same answer as the API, with the saved defaults, and never the token.
    await openSection('Try it');
    await browser.page.getByLabel('Mode').selectOption('affiliate');
    await browser.page.getByRole('button', { name: 'Convert', exact: true }).click();
    await browser.page.locator('#try-output').waitFor();
    await expect(browser.page.locator('#try-output').textContent()).resolves.toContain(
      'affiliate_id=17345510000&sub_id=fb-post1',
    );
    await expect(browser.page.locator('#try-summary').textContent()).resolves.toContain('1 converted, 0 failed');
    await browser.page.getByLabel('Mode').selectOption('own_shortener');
    await browser.page.getByLabel('Sub ids (comma-separated; empty: your saved defaults)').fill('zalo');
    await browser.page.getByRole('button', { name: 'Convert', exact: true }).click();
    await browser.page.locator('#try-output', { hasText: '/s/' }).waitFor();
    const shortLink = (await browser.page.locator('#try-items li.ok p').last().textContent())!.replace('→ ', '');
    await browser.screenshot('account-playground.png');
    expect(await browser.page.content()).not.toContain(second.apiToken);

    // Clicks: one by a person, one by a link preview bot, flushed, then drawn per day with Chart.js.
    const path = new URL(shortLink).pathname;
    await fetch(`${browser.base}${path}`, {
      redirect: 'manual',
      headers: { 'User-Agent': 'Mozilla/5.0 (X11) Chrome/120' },
    });
    await fetch(`${browser.base}${path}`, { redirect: 'manual', headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
    await t.app.get(ClickCounter).flush();
    await openSection('Clicks');
    await browser.page.locator('#clicks-chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    await browser.page.waitForFunction("Boolean(window.Chart && window.Chart.getChart('clicks-chart'))");
    await browser.page.getByLabel('Show clicks of').selectOption({ label: 'zalo · 1 link' });
    await browser.page.locator('#clicks-chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    await browser.page.getByLabel('Show clicks of').selectOption({ label: shortLink });
    await browser.page.locator('#clicks-chart-summary', { hasText: '1 click by people, 1 by bots' }).waitFor();
    expect(await browser.page.locator('#clicks-scope option').allTextContents()).toEqual([
      'All short links',
      shortLink,
      'zalo · 1 link',
    ]);
    await browser.screenshot('account-clicks.png');

    // The token never comes back; the saved settings do.
    await browser.page.goto(`${browser.base}/dashboard`);
    expect(await browser.page.content()).not.toContain(second.apiToken);
    await openSection('Settings');
    await expect(browser.page.getByLabel('Affiliate id', { exact: true }).inputValue()).resolves.toBe('17345510000');

    // Narrow screens: nothing wider than 375px, in every section.
    await browser.page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/dashboard', '/dashboard/try', '/dashboard/clicks', '/dashboard/settings']) {
      await browser.page.goto(`${browser.base}${path}`);
      expect(await browser.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    }

    await browser.page.getByRole('button', { name: 'Log out' }).click();
    await browser.page.waitForURL(/\/login$/);
    await browser.page.goto(`${browser.base}/dashboard`);
    await browser.page.waitForURL(/\/login$/);

    // The wrong password's 403 is the one error answer of this path (the browser and htmx both log it).
    expect(browser.problems.filter((problem) => !/403.*\/dashboard\/key/.test(problem))).toEqual([]);
  });
});
