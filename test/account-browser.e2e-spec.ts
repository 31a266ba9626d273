import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeIf } from './support/skip';
import { createTestApp, safeText, TestApp } from './support/test-app';

/**
 * The account area in a real browser: Debian's Chromium driven by playwright-core, against the real app
 * listening on a random 127.0.0.1 port. Without Chromium it is skipped saying why, and fails in CI
 * (test/support/skip.ts); `.ci/run` installs it.
 */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
const ROOT = join(__dirname, '..');
const haveChromium = existsSync(CHROMIUM);

const PASSWORD = 'a long browser password';
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

describeIf(
  haveChromium,
  `needs Chromium at ${CHROMIUM} (\`apt-get install chromium\`, which .ci/run does, or CHROMIUM_PATH)`,
)('account area in a browser', () => {
  let t: TestApp;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
  const problems: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const { chromium } = await import('playwright-core');
    userDataDir = mkdtempSync(join(tmpdir(), 'linkconv-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1100, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = context.pages()[0] ?? (await context.newPage());
    // Any script error or CSP violation on our pages fails the test.
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A 401 is how a logged-out visitor is told to log in (the page then goes to /login): not a problem.
      if (message.type() === 'error' && !/status of 401/.test(message.text())) {
        problems.push(`console error: ${message.text()} at ${message.location().url}`);
      }
    });
  });

  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
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

  async function regenerate(grace: string): Promise<{ apiKey: string; apiToken: string }> {
    await page.getByLabel('Your password').fill(PASSWORD);
    const graceSelect = page.getByLabel('Keep the current pair working for');
    if (await graceSelect.isVisible()) await graceSelect.selectOption({ label: grace });
    await page.locator('#regenerate-button').click();
    await page.getByRole('heading', { name: 'Your new key and token' }).waitFor();
    const apiToken = await copied('Copy token');
    const apiKey = await copied('Copy key');
    expect(apiToken).toMatch(/^tok_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    await page.getByRole('button', { name: 'I have copied them' }).click();
    await page.locator('#new-pair').waitFor({ state: 'hidden' });
    return { apiKey, apiToken };
  }

  it('signs up, logs in, regenerates the pair, copies the token and uses it; the old pair stops with grace 0', async () => {
    const email = `browser-${Date.now()}@example.com`;

    await page.goto(`${base}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/login\?registered=1/);
    await expect(page.locator('#login-notice').textContent()).resolves.toContain('Your account is ready');

    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/account`);
    await page.getByText('You have no API key yet').waitFor();
    await expect(page.locator('#profile-email').textContent()).resolves.toBe(email);

    // The first pair, copied from the page and used for a real conversion.
    const first = await regenerate('No time: stop it now');
    const firstUse = await convert(first.apiKey, first.apiToken);
    expect(firstUse.status).toBe(200);
    expect(firstUse.body.output).toBe('Deal 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011');
    await expect(page.locator('#key-preview').textContent()).resolves.toBe(
      `${first.apiKey.slice(0, 7)}…${first.apiKey.slice(-4)}`,
    );

    // Regenerate with no grace period: the new pair works, the old one is refused at once.
    const second = await regenerate('No time: stop it now');
    expect(second.apiToken).not.toBe(first.apiToken);
    expect((await convert(second.apiKey, second.apiToken)).status).toBe(200);
    const oldUse = await convert(first.apiKey, first.apiToken);
    expect(oldUse.status).toBe(401);
    expect(oldUse.body.error).toMatchObject({ code: 'invalid_credentials' });

    // Default affiliate settings and usage.
    await page.getByLabel('Affiliate id').fill('17345510000');
    await page.getByLabel('Sub ids').fill('fb, post1');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('Defaults saved.').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator('#usage-today', { hasText: '2' }).waitFor();

    // The token is gone from the page once dismissed; reloading never shows it again.
    await page.reload();
    await page.locator('#key-preview').waitFor();
    expect(await page.content()).not.toContain(second.apiToken);
    await expect(page.getByLabel('Affiliate id').inputValue()).resolves.toBe('17345510000');

    const shot = join(ROOT, 'test-results', 'account.png');
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: shot, fullPage: true });
    if (process.env.SAVE_SCREENSHOTS) {
      mkdirSync(join(ROOT, 'docs', 'screenshots'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'docs', 'screenshots', 'account.png'), fullPage: true });
    }

    // Narrow screens: nothing wider than 375px.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.locator('#key-preview').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

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

    expect(problems).toEqual([]);
  });
});
