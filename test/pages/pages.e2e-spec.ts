import { AbuseEvents, IpBanService } from '@app/abuse';
import { MemberSettingsService } from '@app/members';
import { ClickCounter } from '@app/shortlinks/testing';
import { UsageService } from '@app/usage';
import { DataSource } from 'typeorm';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { describeIf } from '../support/skip';
import { TEST_PASSWORD, type TestMember } from '../support/test-app';

/**
 * Every page in a real browser at 1280 and 375 px: axe-core (through @axe-core/playwright) finds no serious or
 * critical violation, nothing is wider than the screen, and with SAVE_SCREENSHOTS=1 a full-page screenshot of each
 * goes to docs/screenshots/ (and test-results/). Then the injection test: a member whose e-mail,
 * sub ids, domain names, settings and abuse events hold `<script>`, `"onmouseover=` and `javascript:` strings is
 * shown on every account and admin page: nothing runs, no markup is made of it, and the text shows as typed.
 */
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

const PUBLIC_PAGES = [
  ['home', '/'],
  ['signup', '/signup'],
  ['login', '/login'],
] as const;
const ACCOUNT_PAGES = [
  ['account-key', '/dashboard'],
  ['account-try', '/dashboard/try'],
  ['account-clicks', '/dashboard/clicks'],
  ['account-usage', '/dashboard/usage'],
  ['account-settings', '/dashboard/settings'],
  ['account-domains', '/dashboard/domains'],
  ['account-profile', '/dashboard/profile'],
] as const;
const adminPages = (memberId: string) =>
  [
    ['admin-overview', '/console'],
    ['admin-members', '/console/members'],
    ['admin-member', `/console/members/${memberId}`],
    ['admin-abuse', '/console/abuse'],
    ['admin-bans', '/console/bans'],
  ] as const;

/** What hostile data would do if it became markup: each sets a flag the test reads. */
const SCRIPT = '<script>window.__xss=1</script>';
const ATTRIBUTE = '"onmouseover="window.__xss=2" x="';
const URL_SCHEME = 'javascript:window.__xss=3';

describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('pages in a browser: accessibility, narrow screens, injection', () => {
  const { t, browser } = appInBrowserForSuite(
    { SHORT_LINK_BASE_URL: 'http://127.0.0.1/s' },
    { viewport: { width: 1280, height: 900 } },
    { timeout: 180_000 },
  );
  let mai: TestMember;
  let admin: TestMember;

  async function call(member: TestMember, body: Record<string, unknown>, token = member.apiToken) {
    return fetch(`${browser.base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': member.apiKey, 'X-API-Token': token },
      body: JSON.stringify(body),
    });
  }

  /** No axe violation on the page as it is, its screenshot taken, and no script error so far but the 401/403s. */
  async function expectCleanPage(screenshot: string): Promise<void> {
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot(screenshot);
    expect(browser.problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
  }

  async function checkPages(pages: ReadonlyArray<readonly [string, string]>): Promise<void> {
    for (const [name, path] of pages) await browser.expectFitsWidths(name, path);
  }

  it('the public pages and the account area: 0 serious or critical axe violations, nothing wider than the screen, at 1280 and 375 px', async () => {
    mai = await t.createMember({ email: 'mai.nguyen@example.com', plan: 'pro', defaultAffiliateId: '17345510000' });
    admin = await t.createMember({ email: 'admin@example.com', role: 'admin' });
    // A month of use in one morning: converted posts, short links with clicks, saved settings, a failed login.
    for (const subIds of [['fb'], ['zalo'], ['fb', 'post2']]) {
      expect((await call(mai, { content: `Deal ${PRODUCT}`, mode: 'own_shortener', sub_ids: subIds })).status).toBe(
        200,
      );
    }
    const db = t.app.get(DataSource);
    const [link] = await db.query(`SELECT code FROM short_links WHERE member_id = $1 LIMIT 1`, [mai.member.id]);
    for (const agent of [
      'Mozilla/5.0 (X11) Chrome/120',
      'Mozilla/5.0 (iPhone) Safari/604.1',
      'facebookexternalhit/1.1',
    ]) {
      await fetch(`${browser.base}/s/${link.code}`, { redirect: 'manual', headers: { 'User-Agent': agent } });
    }
    await t.app.get(ClickCounter).flush();
    await t.app.get(MemberSettingsService).update(mai.member.id, {
      subIds: ['fb'],
      marketplace: { lazada_master_code: 'YParqP' },
      secrets: { bitly_token: 'bitly-0123456789abcdef' },
    });
    await db.query(`INSERT INTO custom_domains (member_id, domain, token, status) VALUES ($1, $2, $3, 'pending')`, [
      mai.member.id,
      'go.mai-deals.vn',
      'linkconv-verify=abc123',
    ]);
    // An address that sent wrong tokens, banned (not this test's own 127.0.0.1, which must keep working).
    for (let i = 0; i < 12; i++) {
      t.app.get(AbuseEvents).record({ type: 'auth_failed', ip: '198.51.100.7', keyPreview: 'sk_AbCd…wXyZ' });
    }
    await t.app.get(IpBanService).ban('198.51.100.7', 12);
    await t.app.get(UsageService).flush();
    await t.app.get(AbuseEvents).flush();

    await browser.page.context().clearCookies();
    await checkPages(PUBLIC_PAGES);
    await browser.page.setViewportSize({ width: 1280, height: 900 });
    await browser.logIn(mai.member.email);
    await checkPages(ACCOUNT_PAGES);
    // The one-time reveal and the first-key state, checked too.
    await browser.page.setViewportSize({ width: 375, height: 900 });
    await browser.page.goto(`${browser.base}/dashboard`);
    await browser.page.getByLabel('Your password').fill(TEST_PASSWORD);
    await browser.page.getByRole('button', { name: 'Generate a new key and token' }).click();
    await browser.page.getByRole('heading', { name: 'Your new key and token' }).waitFor();
    await expectCleanPage('account-key-reveal-375.png');
  }, 900_000);

  it('the admin console: 0 serious or critical axe violations and nothing wider than the screen, at 1280 and 375 px', async () => {
    await browser.page.setViewportSize({ width: 1280, height: 900 });
    await browser.logIn(admin.member.email);
    await checkPages(adminPages(mai.member.id));
    // A confirmation dialog, open (at 375 px, the last width checked).
    await browser.page.goto(`${browser.base}/console/members/${mai.member.id}`);
    await browser.page.getByRole('button', { name: 'Disable…' }).click();
    await browser.page.getByRole('dialog', { name: 'Disable this account?' }).waitFor();
    await expectCleanPage('admin-member-dialog-375.png');
  }, 900_000);

  it('hostile text in every field a member controls shows as typed on every account and admin page, and never runs', async () => {
    const email = `x${ATTRIBUTE}${SCRIPT}${URL_SCHEME}@example.com`.toLowerCase();
    const hostile = await t.createMember({ plan: 'pro' });
    const db = t.app.get(DataSource);
    const text = `${SCRIPT} ${ATTRIBUTE} ${URL_SCHEME}`;
    // Values the forms would refuse are written straight to the tables: the views must hold even then.
    await db.query(
      `UPDATE members SET email = $2, default_affiliate_id = $3, default_sub_ids = $4, marketplace_settings = $5
        WHERE id = $1`,
      [
        hostile.member.id,
        email,
        URL_SCHEME.slice(0, 64),
        JSON.stringify([SCRIPT, ATTRIBUTE]),
        { tiki_publisher_code: text },
      ],
    );
    await t.app
      .get(MemberSettingsService)
      .update(hostile.member.id, { secrets: { cuttly_key: `"onmouseover="window.__xss=2"${SCRIPT}` } });
    expect((await call(hostile, { content: PRODUCT, mode: 'own_shortener', sub_ids: ['evil'] })).status).toBe(200);
    await db.query(`UPDATE short_links SET sub_id = $2, target = $3 WHERE member_id = $1`, [
      hostile.member.id,
      text,
      `${URL_SCHEME}//${SCRIPT}`,
    ]);
    await db.query(
      `INSERT INTO custom_domains (member_id, domain, token, status, last_error) VALUES ($1, $2, $3, 'failed', $4)`,
      [hostile.member.id, `${SCRIPT}.example`, ATTRIBUTE.slice(0, 64), URL_SCHEME],
    );
    t.app.get(AbuseEvents).record({
      type: 'login_failed',
      ip: '203.0.113.9',
      memberId: hostile.member.id,
      keyPreview: SCRIPT.slice(0, 16),
      detail: { context: text, address: ATTRIBUTE },
    });
    await t.app.get(AbuseEvents).flush();

    /** Nothing of the hostile text became markup or ran; `shown` is on the page as typed. */
    async function assertInert(path: string, shown: string[]): Promise<void> {
      await browser.page.goto(`${browser.base}${path}`);
      await browser.page.waitForLoadState('networkidle');
      // Hovering every element that holds text would fire an injected handler.
      for (const element of await browser.page.locator('main td, main dd, main code, main option, .who').all()) {
        if (await element.isVisible()) await element.hover({ timeout: 2000 }).catch(() => undefined);
      }
      const found = await browser.page.evaluate(`({
        flag: window.__xss,
        inlineScripts: document.querySelectorAll('script:not([src])').length,
        handlers: [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => el.tagName + '[' + a.name + ']')),
        jsLinks: [...document.querySelectorAll('[href], [src], [action], [formaction]')]
          .map((el) => el.getAttribute('href') || el.getAttribute('src') || el.getAttribute('action') || '')
          .filter((url) => /^\\s*javascript:/i.test(url)),
        text: document.body.innerText + [...document.querySelectorAll('input, textarea')].map((el) => el.value).join('\\n'),
      })`);
      const {
        flag,
        inlineScripts,
        handlers,
        jsLinks,
        text: pageText,
      } = found as {
        flag: unknown;
        inlineScripts: number;
        handlers: string[];
        jsLinks: string[];
        text: string;
      };
      expect({ path, flag, inlineScripts, handlers, jsLinks }).toEqual({
        path,
        flag: undefined,
        inlineScripts: 0,
        handlers: [],
        jsLinks: [],
      });
      for (const value of shown) expect({ path, shown: pageText.includes(value) }).toEqual({ path, shown: true });
    }

    await browser.page.setViewportSize({ width: 1280, height: 900 });
    await browser.logIn(email);
    const everywhere = [email];
    await assertInert('/dashboard', everywhere);
    await assertInert('/dashboard/try', everywhere);
    await assertInert('/dashboard/clicks', [...everywhere, text, `${URL_SCHEME}//${SCRIPT}`]);
    await assertInert('/dashboard/usage', everywhere);
    await assertInert('/dashboard/settings', [...everywhere, `${SCRIPT}, ${ATTRIBUTE}`, text, URL_SCHEME.slice(0, 64)]);
    await assertInert('/dashboard/domains', [...everywhere, `${SCRIPT}.example`, URL_SCHEME]);
    await assertInert('/dashboard/profile', everywhere);
    // The playground: an answer echoing hostile input.
    await browser.page.goto(`${browser.base}/dashboard/try`);
    await browser.page.getByLabel('Text with marketplace links').fill(`${text} ${PRODUCT}`);
    await browser.page.getByLabel('Mode').selectOption('link_goc');
    await browser.page.getByRole('button', { name: 'Convert', exact: true }).click();
    await browser.page.locator('#try-output', { hasText: SCRIPT }).waitFor();
    expect(await browser.page.evaluate('window.__xss')).toBeUndefined();

    await browser.logIn(admin.member.email);
    for (const [, path] of adminPages(hostile.member.id)) {
      const shown = path.endsWith(hostile.member.id)
        ? [email, text]
        : path === '/console/members' || path === '/console/abuse'
          ? [email]
          : [];
      await assertInert(path, shown);
    }
    await assertInert(`/console/abuse?member_id=${hostile.member.id}`, [email, `context: ${text}`]);
  }, 300_000);
});
