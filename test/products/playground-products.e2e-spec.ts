import AxeBuilder from '@axe-core/playwright';
import { MemberSettingsService } from '@app/members';
import type { Page } from 'playwright-core';
import { HAVE_CHROMIUM, NEEDS_CHROMIUM, openAppInBrowser, type TestBrowser } from '../support/browser';
import { FAKE_CREDENTIALS, FakeOutside, startFakeOutside } from '../support/fake-outside';
import { describeIf } from '../support/skip';
import { TEST_PASSWORD, TestApp } from '../support/test-app';

const SHOPEE = 'https://shopee.vn/Ao-Thun-Nam-Cotton-Form-Rong-i.123456.7891011?sp_atk=abc';
const LAZADA = 'https://www.lazada.vn/products/may-xay-sinh-to-i2233445566-s998877.html';
const TIKI = 'https://tiki.vn/binh-giu-nhiet-p123456.html';

/** The product images the fakes name, drawn here: the browser reaches no outside host. */
const IMAGE = (colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="${colour}"/>` +
  `<circle cx="100" cy="90" r="50" fill="#fff" opacity="0.8"/></svg>`;

/**
 * The playground's product cards in a real browser (Debian's Chromium, playwright-core) at 1280 and 375 px:
 * "Show product details" ticked, each converted link shows its image (from the marketplace's CDN: the CSP lets
 * https images in), name, price, rate and estimated commission; a link without details says why; no serious or
 * critical axe violation, nothing wider than the screen. Screenshots to docs/screenshots/ (and test-results/) with
 * SAVE_SCREENSHOTS=1.
 */
describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('playground: product cards in a browser', () => {
  let fake: FakeOutside;
  let t: TestApp;
  let base: string;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeOutside();
    ({ t, base, browser, page } = await openAppInBrowser(
      { ...fake.env, SHORT_LINK_BASE_URL: 'http://127.0.0.1/s' },
      { viewport: { width: 1280, height: 900 } },
    ));
    await page.route('https://cf.shopee.vn/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: IMAGE('#ee4d2d') }),
    );
    await page.route('https://img.lazcdn.com/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: IMAGE('#0f146d') }),
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fake?.close();
  });

  it('shows each converted link as a card: image, name, price, rate, estimated commission', async () => {
    const mai = await t.createMember({ email: 'mai.products@example.com', defaultAffiliateId: '17345510000' });
    await t.app.get(MemberSettingsService).update(mai.member.id, {
      marketplace: { lazada_master_code: 'YParqP' },
      secrets: {
        shopee_app_id: FAKE_CREDENTIALS.shopeeAppId,
        shopee_app_secret: FAKE_CREDENTIALS.shopeeSecret,
        lazada_app_key: FAKE_CREDENTIALS.lazadaAppKey,
        lazada_app_secret: FAKE_CREDENTIALS.lazadaAppSecret,
        lazada_user_token: FAKE_CREDENTIALS.lazadaUserToken,
      },
    });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(mai.member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/dashboard`);

    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/dashboard/try`);
      await page.getByLabel('Text with marketplace links').fill(`Deal hôm nay 🔥\n${SHOPEE}\n${LAZADA}\n${TIKI}`);
      await page.getByLabel('Mode').selectOption('affiliate');
      await page.getByLabel(/Show product details/).check();
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await page.locator('.product-card').nth(1).waitFor();
      const cards = page.locator('.product-card');
      await expect(cards.count()).resolves.toBe(2);
      const shopee = await cards.first().textContent();
      expect(shopee).toContain('Sản phẩm thử 7891011');
      // 12,000 VND to 24,000 VND at 12.34 %: 1,480.8 to 2,961.6 VND per sale, shown as đồng have no decimals
      // (rounded half up, exactly: the one money formatter of the pages).
      expect(shopee).toContain('12,000 – 24,000 VND');
      expect(shopee).toContain('12.34 %');
      expect(shopee).toContain('1,481 – 2,962 VND');
      const lazada = await cards.nth(1).textContent();
      expect(lazada).toContain('259,000 VND');
      expect(lazada).toContain('5 %');
      expect(lazada).toContain('12,950 VND');
      await expect(page.locator('#try-items').textContent()).resolves.toContain('product_unsupported');
      // The images came in (the CSP lets the marketplaces' https images in).
      await page.waitForFunction(
        "[...document.querySelectorAll('.product-card img')].every((img) => img.complete && img.naturalWidth > 0)",
      );
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
      expect({ width, serious }).toEqual({ width, serious: [] });
      const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ width, scrollWidth });
      await browser.screenshot(`account-try-product-${width}.png`);
    }
    expect(browser.problems).toEqual([]);
  });
});
