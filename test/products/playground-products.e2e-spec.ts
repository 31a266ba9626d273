import AxeBuilder from '@axe-core/playwright';
import { MemberSettingsService } from '@app/members';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM } from '../support/browser';
import { FAKE_MARKETPLACE_SECRETS, fakeOutsideForSuite } from '../support/fake-outside';
import { describeIf } from '../support/skip';

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
  const fake = fakeOutsideForSuite();
  const { t, browser } = appInBrowserForSuite(
    () => ({ ...fake.env, SHORT_LINK_BASE_URL: 'http://127.0.0.1/s' }),
    { viewport: { width: 1280, height: 900 } },
    { timeout: 180_000 },
  );
  t.afterClose(() => fake.close());

  beforeAll(async () => {
    await browser.page.route('https://cf.shopee.vn/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: IMAGE('#ee4d2d') }),
    );
    await browser.page.route('https://img.lazcdn.com/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: IMAGE('#0f146d') }),
    );
  }, 180_000);

  it('shows each converted link as a card: image, name, price, rate, estimated commission', async () => {
    const mai = await t.createMember({ email: 'mai.products@example.com', defaultAffiliateId: '17345510000' });
    await t.app.get(MemberSettingsService).update(mai.member.id, {
      marketplace: { lazada_master_code: 'YParqP' },
      secrets: FAKE_MARKETPLACE_SECRETS,
    });
    await browser.logIn(mai.member.email);

    for (const width of [1280, 375] as const) {
      await browser.page.setViewportSize({ width, height: 900 });
      await browser.page.goto(`${browser.base}/dashboard/try`);
      await browser.page
        .getByLabel('Text with marketplace links')
        .fill(`Deal hôm nay 🔥\n${SHOPEE}\n${LAZADA}\n${TIKI}`);
      await browser.page.getByLabel('Mode').selectOption('affiliate');
      await browser.page.getByLabel(/Show product details/).check();
      await browser.page.getByRole('button', { name: 'Convert', exact: true }).click();
      await browser.page.locator('.product-card').nth(1).waitFor();
      const cards = browser.page.locator('.product-card');
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
      await expect(browser.page.locator('#try-items').textContent()).resolves.toContain('product_unsupported');
      // The images came in (the CSP lets the marketplaces' https images in).
      await browser.page.waitForFunction(
        "[...document.querySelectorAll('.product-card img')].every((img) => img.complete && img.naturalWidth > 0)",
      );
      const results = await new AxeBuilder({ page: browser.page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
      expect({ width, serious }).toEqual({ width, serious: [] });
      const scrollWidth = await browser.page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ width, scrollWidth });
      await browser.screenshot(`account-try-product-${width}.png`);
    }
    expect(browser.problems).toEqual([]);
  });
});
