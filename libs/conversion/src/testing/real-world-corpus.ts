/**
 * Real texts with marketplace links, from public repositories in the countries we serve (Vietnam, Thailand,
 * Indonesia, Malaysia, the Philippines, Singapore; a few from Taiwan), taken as they stand: posts and comments
 * that affiliate tools handle, product lists and spreadsheet rows, scripts, configuration and test data of peer tools
 * (not composed by us). Each text names its source, `owner/repository:path`, as published on 2026-11-28; `country`
 * is the market its links or its language belong to. The expected items follow the recognition rules of
 * docs/api.md; the affiliate link of each is built by the same helpers as the composed corpus.
 *
 * Short links here are real codes whose targets are not known offline: the corpus resolver answers none of them, so
 * they are found, recognised as short links and fail with `resolution_failed` (never fetched).
 */
import { CorpusItem, failing, lazada, lazadaAbroad, shopee, tiki, tiktok } from './marketplace-corpus';

export interface RealText {
  /** `owner/repository:path` of the public file the text was taken from. */
  source: string;
  /** ISO country code of the market. */
  country: string;
  text: string;
  items: CorpusItem[];
}

export const REAL_WORLD_CORPUS: RealText[] = [
  {
    source: 'nahmkahw/shopee-affiliate:tests/scrape-offers.test.js',
    country: 'TH',
    text: "  url:            jest.fn().mockReturnValue('https://affiliate.shopee.co.th/offer/product_offer'),",
    items: [failing('https://affiliate.shopee.co.th/offer/product_offer', 'shopee', 'not_a_product')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:tests/scrape-offers.test.js',
    country: 'TH',
    text: "    .mockResolvedValueOnce('https://s.shopee.co.th/short')  // get short link",
    items: [failing('https://s.shopee.co.th/short', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:tests/scrape-offers.test.js',
    country: 'TH',
    text: "      'https://shopee.co.th/product/111/222 | https://s.shopee.co.th/abc | 2026-06-15\\n' +",
    items: [
      shopee('https://shopee.co.th/product/111/222', 'https://shopee.co.th/product/111/222', 's.shopee.co.th'),
      failing('https://s.shopee.co.th/abc', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'nahmkahw/shopee-affiliate:tests/scrape-offers.test.js',
    country: 'TH',
    text: "      'https://shopee.co.th/product/333/444 | | 2026-06-20\\n'",
    items: [shopee('https://shopee.co.th/product/333/444', 'https://shopee.co.th/product/333/444', 's.shopee.co.th')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:tests/scrape-offers.test.js',
    country: 'TH',
    text: "    const r = extractIds('https://shopee.co.th/opaanlp/1618596749/54256553392');",
    items: [
      shopee(
        'https://shopee.co.th/opaanlp/1618596749/54256553392',
        'https://shopee.co.th/product/1618596749/54256553392',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'nahmkahw/shopee-affiliate:scrape-offers.js',
    country: 'TH',
    text: '    // format 1: shopee.co.th/product/{shop_id}/{item_id}',
    items: [failing('shopee.co.th/product/', 'shopee', 'not_a_product')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:scrape-offers.js',
    country: 'TH',
    text: '    // format 2: shopee.co.th/{name}/{shop_id}/{item_id}',
    items: [shopee('shopee.co.th/', 'https://shopee.co.th/', 's.shopee.co.th')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:scrape-offers.js',
    country: 'TH',
    text: '    // format 3: shopee.co.th/name.i.{item_id}.{shop_id}',
    items: [shopee('shopee.co.th/name.i', 'https://shopee.co.th/name.i', 's.shopee.co.th')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:tests/generate-content.test.js',
    country: 'TH',
    text: "    const ctx = buildContext({ title: 'Minimal', affiliate_short_link: 'https://s.shopee.co.th/x' });",
    items: [failing('https://s.shopee.co.th/x', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/scraper/threads.test.ts',
    country: 'TW',
    text: '  assert.deepEqual(extractShopeeLinks("看這 https://s.shopee.tw/AKL_xQ-abc 喔"), ["https://s.shopee.tw/AKL_xQ-abc"]);',
    items: [
      failing('https://s.shopee.tw/AKL_xQ-abc', 'shopee', 'resolution_failed'),
      failing('https://s.shopee.tw/AKL_xQ-abc', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/scraper/threads.test.ts',
    country: 'VN',
    text: 'test("extractShopeeLinks：shp.ee 短網域也要抓到", () => {',
    items: [failing('shp.ee', 'shopee', 'invalid_link')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/scraper/threads.test.ts',
    country: 'VN',
    text: '  assert.deepEqual(extractShopeeLinks("限時 https://shp.ee/abc123 衝"), ["https://shp.ee/abc123"]);',
    items: [
      failing('https://shp.ee/abc123', 'shopee', 'resolution_failed'),
      failing('https://shp.ee/abc123', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/scraper/threads.test.ts',
    country: 'TW',
    text: '  assert.deepEqual(extractShopeeLinks("https://www.shopee.tw/某商品-i.222.333?x=1"), ["https://www.shopee.tw/某商品-i.222.333?x=1"]);',
    items: [
      shopee(
        'https://www.shopee.tw/某商品-i.222.333?x=1',
        'https://shopee.tw/%E6%9F%90%E5%95%86%E5%93%81-i.222.333',
        's.shopee.tw',
      ),
      shopee(
        'https://www.shopee.tw/某商品-i.222.333?x=1',
        'https://shopee.tw/%E6%9F%90%E5%95%86%E5%93%81-i.222.333',
        's.shopee.tw',
      ),
    ],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/scraper/threads.test.ts',
    country: 'TW',
    text: '  assert.deepEqual(extractShopeeLinks("手機版 https://m.shopee.tw/product/123/456"), ["https://m.shopee.tw/product/123/456"]);',
    items: [
      shopee('https://m.shopee.tw/product/123/456', 'https://shopee.tw/product/123/456', 's.shopee.tw'),
      shopee('https://m.shopee.tw/product/123/456', 'https://shopee.tw/product/123/456', 's.shopee.tw'),
    ],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/shopee/affiliate-link.test.ts',
    country: 'TW',
    text: '  assert.equal(isAffiliateLink("https://s.shopee.tw/an_redir?origin_link=https://shopee.tw/x&affiliate_id=123"), true);',
    items: [
      shopee(
        'https://s.shopee.tw/an_redir?origin_link=https://shopee.tw/x&affiliate_id=123',
        'https://shopee.tw/x',
        's.shopee.tw',
      ),
    ],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/shopee/affiliate-link.test.ts',
    country: 'TW',
    text: '  assert.equal(isAffiliateLink("https://shopee.tw/product/1/2?affiliate_id=999"), true);',
    items: [shopee('https://shopee.tw/product/1/2?affiliate_id=999', 'https://shopee.tw/product/1/2', 's.shopee.tw')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/shopee/affiliate-link.test.ts',
    country: 'TW',
    text: '  assert.equal(isAffiliateLink("https://s.shopee.tw/abcd1234"), true);',
    items: [failing('https://s.shopee.tw/abcd1234', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/shopee/affiliate-link.test.ts',
    country: 'VN',
    text: '  assert.equal(isAffiliateLink("https://shope.ee/abcd1234"), true);',
    items: [failing('https://shope.ee/abcd1234', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/shopee/affiliate-link.test.ts',
    country: 'VN',
    text: '  assert.equal(isAffiliateLink("https://shp.ee/abcd1234"), true);',
    items: [failing('https://shp.ee/abcd1234', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/ai/thread.test.ts',
    country: 'TW',
    text: 'const SHORT = "https://s.shopee.tw/abc123";',
    items: [failing('https://s.shopee.tw/abc123', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/ai/thread.test.ts',
    country: 'TW',
    text: '  const r = ensureExactLink("連結放這 https://s.shopee.tw/WRONG99", SHORT);',
    items: [failing('https://s.shopee.tw/WRONG99', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/ai/thread.test.ts',
    country: 'TW',
    text: 'const LINK = "看這 https://s.shopee.tw/abc";',
    items: [failing('https://s.shopee.tw/abc', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/ai/thread.test.ts',
    country: 'TW',
    text: '  assert.ok(!r.mainText.includes("shopee.tw"));',
    items: [shopee('shopee.tw', 'https://shopee.tw/', 's.shopee.tw')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/publish/thread-chain.test.ts',
    country: 'TW',
    text: '  const chain = [seg("連結放這 https://s.shopee.tw/ABC 有人也踩過雷嗎")];',
    items: [failing('https://s.shopee.tw/ABC', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/publish/thread-chain.test.ts',
    country: 'TW',
    text: '  const chain = effectiveChain({ thread_chain: [], reply_text: "分潤連結 https://s.shopee.tw/x", reply_media: [] });',
    items: [failing('https://s.shopee.tw/x', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/sponsor/strikes.test.ts',
    country: 'TW',
    text: '  assert.equal(shortCodeOf("https://s.shopee.tw/abc123?sub_id=x"), "abc123");',
    items: [failing('https://s.shopee.tw/abc123?sub_id=x', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/sponsor/strikes.test.ts',
    country: 'TW',
    text: '  assert.equal(shortCodeOf("https://s.shopee.tw/abc123/"), "abc123");',
    items: [failing('https://s.shopee.tw/abc123/', 'shopee', 'resolution_failed')],
  },
  {
    source: 'NoMoneyDaddy/threadsposhopee:src/services/sponsor/strikes.test.ts',
    country: 'TW',
    text: '  assert.equal(linkStillPresent("看這個 s.shopee.tw/abc123?x=1 讚", link), true); // 外觀變、短碼仍在',
    items: [failing('s.shopee.tw/abc123?x=1', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('shopee', $this->service->validate('https://shopee.vn/product-i.123.456'));",
    items: [shopee('https://shopee.vn/product-i.123.456', 'https://shopee.vn/product-i.123.456')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('shopee', $this->service->validate('https://s.shopee.vn/abc'));",
    items: [failing('https://s.shopee.vn/abc', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('shopee', $this->service->validate('https://www.shopee.vn/product'));",
    items: [failing('https://www.shopee.vn/product', 'shopee', 'not_a_product')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('lazada', $this->service->validate('https://lazada.vn/products/item.html'));",
    items: [failing('https://lazada.vn/products/item.html', 'lazada', 'not_a_product')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('lazada', $this->service->validate('https://lzd.co/abc123'));",
    items: [failing('https://lzd.co/abc123', 'lazada', 'resolution_failed')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Unit/UrlValidationServiceTest.php',
    country: 'VN',
    text: "        $this->assertSame('tiki', $this->service->validate('https://tiki.vn/p123456.html'));",
    items: [tiki('https://tiki.vn/p123456.html', 'https://tiki.vn/p123456.html')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Feature/AffiliateScanTest.php',
    country: 'VN',
    text: "        $this->post('/affiliate/scan', ['url' => 'https://shopee.vn/' . str_repeat('a', 2000)])",
    items: [shopee('https://shopee.vn/', 'https://shopee.vn/')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Feature/AffiliateScanTest.php',
    country: 'VN',
    text: "            'url' => 'https://shopee.vn/product-i.123456.789',",
    items: [shopee('https://shopee.vn/product-i.123456.789', 'https://shopee.vn/product-i.123456.789')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Feature/AffiliateScanTest.php',
    country: 'VN',
    text: "        $this->post('/affiliate/scan', ['url' => 'https://shopee.vn/product-i.1.1'])",
    items: [shopee('https://shopee.vn/product-i.1.1', 'https://shopee.vn/product-i.1.1')],
  },
  {
    source: 'nhatem99/shopee-affiliate:tests/Feature/AffiliateScanTest.php',
    country: 'VN',
    text: "        $response = $this->post('/affiliate/scan', ['url' => 'https://shopee.vn/test']);",
    items: [shopee('https://shopee.vn/test', 'https://shopee.vn/test')],
  },
  {
    source: 'nhatem99/shopee-affiliate:app/Services/UrlValidationService.php',
    country: 'VN',
    text: "        'shopee.vn',",
    items: [shopee('shopee.vn', 'https://shopee.vn/')],
  },
  {
    source: 'nhatem99/shopee-affiliate:app/Services/UrlValidationService.php',
    country: 'VN',
    text: "        's.shopee.vn',",
    items: [failing('s.shopee.vn', 'shopee', 'invalid_link')],
  },
  {
    source: 'nhatem99/shopee-affiliate:app/Services/UrlValidationService.php',
    country: 'VN',
    text: "        'lazada.vn',",
    items: [lazada('lazada.vn', 'https://www.lazada.vn/')],
  },
  {
    source: 'nhatem99/shopee-affiliate:app/Services/UrlValidationService.php',
    country: 'VN',
    text: "        'lzd.co',",
    items: [failing('lzd.co', 'lazada', 'invalid_link')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '                rating=4.5, affiliate_url="https://shope.ee/test")',
    items: [failing('https://shope.ee/test', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '    assert "shope.ee" not in out  # ลิงก์แยกเป็น link param (ไม่ติดในข้อความ)',
    items: [failing('shope.ee', 'shopee', 'invalid_link')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '    res = fp.post_feed("ข้อความโปรโมท", link="https://s.shopee.co.th/9pdS1rMwH8")',
    items: [failing('https://s.shopee.co.th/9pdS1rMwH8', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '    """ลิงก์สั้น Shopee format ปลอม (mock อย่าง s.shopee.co.th/earbuds_ok) → block ไม่ยิงขึ้นเพจ',
    items: [failing('s.shopee.co.th/earbuds_ok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '    res = fp.post_feed("โปรโมทหูฟัง", link="https://s.shopee.co.th/earbuds_ok")',
    items: [failing('https://s.shopee.co.th/earbuds_ok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_poster.py',
    country: 'TH',
    text: '    res = fp.post_feed("โปรโมท", link="https://shope.ee/earbuds_ok")',
    items: [failing('https://shope.ee/earbuds_ok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_demand_radar_ai.py',
    country: 'TH',
    text: '        affiliate_url="https://s.shopee.co.th/oklink",',
    items: [failing('https://s.shopee.co.th/oklink', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_demand_radar_ai.py',
    country: 'TH',
    text: '        affiliate_url="https://s.shopee.co.th/deadlink",',
    items: [failing('https://s.shopee.co.th/deadlink', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_demand_radar_ai.py',
    country: 'TH',
    text: '        affiliate_url="https://s.shopee.co.th/unknownlink",',
    items: [failing('https://s.shopee.co.th/unknownlink', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_demand_radar_ai.py',
    country: 'TH',
    text: '    """กฎเหล็ก DB: insert สินค้าที่ affiliate_url ไม่ใช่ s.shopee.co.th ต้อง raise — กันลิงก์ปลอมเข้าบอท."""',
    items: [failing('s.shopee.co.th', 'shopee', 'invalid_link')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/app/services/facebook_poster.py',
    country: 'TH',
    text: '_SHOPEE_PREFIXES = ("https://s.shopee.co.th/", "http://s.shopee.co.th/")',
    items: [
      failing('https://s.shopee.co.th/', 'shopee', 'invalid_link'),
      failing('http://s.shopee.co.th/', 'shopee', 'invalid_link'),
    ],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/app/services/facebook_poster.py',
    country: 'TH',
    text: '    - lazada.co.th = แพลตฟอร์มอื่น (โฆษณาโปรโมต)',
    items: [lazadaAbroad('lazada.co.th', 'https://www.lazada.co.th/')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/app/services/facebook_poster.py',
    country: 'TH',
    text: '      (เช่น s.shopee.co.th/earbudsok — base62 ผ่าน format แต่ไม่ใช่ของจริงในคลัง)',
    items: [failing('s.shopee.co.th/earbudsok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_product_image.py',
    country: 'TH',
    text: '        "https://shopee.co.th/opaanlp/801315692/53006361579?__mobile__=1") == \\',
    items: [
      shopee(
        'https://shopee.co.th/opaanlp/801315692/53006361579?__mobile__=1',
        'https://shopee.co.th/product/801315692/53006361579',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_product_image.py',
    country: 'TH',
    text: '        "https://shopee.co.th/product/801315692/53006361579"',
    items: [
      shopee(
        'https://shopee.co.th/product/801315692/53006361579',
        'https://shopee.co.th/product/801315692/53006361579',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_product_image.py',
    country: 'TH',
    text: '        if url.startswith("https://s.shopee.co.th"):',
    items: [failing('https://s.shopee.co.th', 'shopee', 'invalid_link')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_demand_radar.py',
    country: 'TH',
    text: '    หลุดเข้า DB จริงแล้วไปโผล่บนเพจ Facebook (เจอจริง: หูฟัง shope.ee/earbuds_ok).',
    items: [failing('shope.ee/earbuds_ok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_demand_radar.py',
    country: 'TH',
    text: '        ("ชุดคลุมท้องผ้าฝ้ายทรงหลวม ผ้านิ่มระบายอากาศ", "แฟชั่น", 299.00, 4.9, 5420, 35.00, "https://s.shopee.co.th/maternityok", "ok", 92),',
    items: [failing('https://s.shopee.co.th/maternityok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/tests/test_facebook_demand_radar.py',
    country: 'TH',
    text: '        ("หูฟังบลูทูธไร้สาย TWS ตัดเสียงรบกวน", "หูฟัง", 399.00, 4.8, 8500, 40.00, "https://s.shopee.co.th/earbudsok", "ok", 90),',
    items: [failing('https://s.shopee.co.th/earbudsok', 'shopee', 'resolution_failed')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/app/services/link_checker.py',
    country: 'TH',
    text: '# (https://shope.ee/... = ลิงก์ปลอม/ของ mock — กดแล้ว 404 ห้ามเข้าระบบ/โพสต์)',
    items: [failing('https://shope.ee/', 'shopee', 'invalid_link')],
  },
  {
    source: 'g81393878-bit/shopee-affiliate-bot:backend/app/services/link_checker.py',
    country: 'TH',
    text: '            if "shopee.co.th" in final and ITEM_URL_RE.search(urlparse(final).path):',
    items: [shopee('shopee.co.th', 'https://shopee.co.th/', 's.shopee.co.th')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '    "Xem cai ao nay dep ne https://shopee.vn/Ao-thun-i.111.222 con day la link google https://google.com/search?q=x";',
    items: [shopee('https://shopee.vn/Ao-thun-i.111.222', 'https://shopee.vn/Ao-thun-i.111.222')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '  const text = "shopee: https://shopee.vn/a-i.1.2 lazada: https://www.lazada.vn/products/abc-i333.html";',
    items: [
      shopee('https://shopee.vn/a-i.1.2', 'https://shopee.vn/a-i.1.2'),
      lazada('https://www.lazada.vn/products/abc-i333.html', 'https://www.lazada.vn/products/abc-i333.html'),
    ],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '  const text = "link 1: https://shopee.vn/a-i.1.2 link 2: https://shopee.vn/b-i.3.4";',
    items: [
      shopee('https://shopee.vn/a-i.1.2', 'https://shopee.vn/a-i.1.2'),
      shopee('https://shopee.vn/b-i.3.4', 'https://shopee.vn/b-i.3.4'),
    ],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '  const result = await parseProductLink("https://shopee.vn/Ao-thun-nam-i.123456.789012");',
    items: [shopee('https://shopee.vn/Ao-thun-nam-i.123456.789012', 'https://shopee.vn/Ao-thun-nam-i.123456.789012')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '  const result = await parseProductLink("https://shopee.vn/product/111/222");',
    items: [shopee('https://shopee.vn/product/111/222', 'https://shopee.vn/product/111/222')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/linkValidator.test.ts',
    country: 'VN',
    text: '  const result = await parseProductLink("https://shopee.vn/some-shop-page");',
    items: [shopee('https://shopee.vn/some-shop-page', 'https://shopee.vn/some-shop-page')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/shopeeAffiliateProvider.test.ts',
    country: 'VN',
    text: 'test("ShopeeAffiliateProvider: dung origin_link gon (shopee.vn/product/{shopId}/{itemId}) khi tach duoc id, roi rut gon qua short link", async () => {',
    items: [failing('shopee.vn/product/', 'shopee', 'not_a_product')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/shopeeAffiliateProvider.test.ts',
    country: 'VN',
    text: '    productUrl: "https://shopee.vn/Ao-thun-nam-i.123.456",',
    items: [shopee('https://shopee.vn/Ao-thun-nam-i.123.456', 'https://shopee.vn/Ao-thun-nam-i.123.456')],
  },
  {
    source: 'tothanhdat/affiliate-bot-shopee:src/core/__tests__/shopeeAffiliateProvider.test.ts',
    country: 'VN',
    text: '  assert.equal(targetUrl.origin + targetUrl.pathname, "https://s.shopee.vn/an_redir");',
    items: [failing('https://s.shopee.vn/an_redir', 'shopee', 'invalid_link')],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/BNK48-CD-Edition-BNK48-Heavy-Rotation-i.72135979.7543768382',",
    items: [
      shopee(
        'https://shopee.co.th/BNK48-CD-Edition-BNK48-Heavy-Rotation-i.72135979.7543768382',
        'https://shopee.co.th/BNK48-CD-Edition-BNK48-Heavy-Rotation-i.72135979.7543768382',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/%E0%B8%BABNK48-Mini-Photobook-Music-Card-Edition-BNK48-Heavy-Rotation-i.72135979.4743770097',",
    items: [
      shopee(
        'https://shopee.co.th/%E0%B8%BABNK48-Mini-Photobook-Music-Card-Edition-BNK48-Heavy-Rotation-i.72135979.4743770097',
        'https://shopee.co.th/%E0%B8%BABNK48-Mini-Photobook-Music-Card-Edition-BNK48-Heavy-Rotation-i.72135979.4743770097',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/BNK48-9th-Single-Senbatsu-General-Election-Book-i.72135979.5642913141',",
    items: [
      shopee(
        'https://shopee.co.th/BNK48-9th-Single-Senbatsu-General-Election-Book-i.72135979.5642913141',
        'https://shopee.co.th/BNK48-9th-Single-Senbatsu-General-Election-Book-i.72135979.5642913141',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-1)-i.72135979.2314589901',",
    items: [
      shopee(
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-1)-i.72135979.2314589901',
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-1)-i.72135979.2314589901',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-3)-i.72135979.2314589920',",
    items: [
      shopee(
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-3)-i.72135979.2314589920',
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-3)-i.72135979.2314589920',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'st-nann/june-bnk48:src/services/data/Shop.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-5)-i.72135979.2314589931',",
    items: [
      shopee(
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-5)-i.72135979.2314589931',
        'https://shopee.co.th/BNK48-2nd-Album-Jabaja-(Jun%C3%A9-27-Jul-19-Round-5)-i.72135979.2314589931',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/6fZetdnADp",',
    items: [failing('https://s.shopee.co.id/6fZetdnADp', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/5VNhWKJC84",',
    items: [failing('https://s.shopee.co.id/5VNhWKJC84', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/3fw7k6v8Hg",',
    items: [failing('https://s.shopee.co.id/3fw7k6v8Hg', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/9zqBGrKNwi",',
    items: [failing('https://s.shopee.co.id/9zqBGrKNwi', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/6pt9xT2VpM",',
    items: [failing('https://s.shopee.co.id/6pt9xT2VpM', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ibedestudio/ibedes:src/data/affiliate-products.json',
    country: 'ID',
    text: '        "link": "https://s.shopee.co.id/3AzrbeWyUp",',
    items: [failing('https://s.shopee.co.id/3AzrbeWyUp', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nahmkahw/shopee-affiliate:input/urls.txt',
    country: 'TH',
    text: 'https://shopee.co.th/product/457973807/3991346022 | https://s.shopee.co.th/2LVCeqiBMq | 2026-05-17',
    items: [
      shopee(
        'https://shopee.co.th/product/457973807/3991346022',
        'https://shopee.co.th/product/457973807/3991346022',
        's.shopee.co.th',
      ),
      failing('https://s.shopee.co.th/2LVCeqiBMq', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'nahmkahw/shopee-affiliate:input/urls.txt',
    country: 'TH',
    text: 'https://shopee.co.th/product/1057506471/19283435771 | https://s.shopee.co.th/5q54pIJ2gf | 2026-05-17',
    items: [
      shopee(
        'https://shopee.co.th/product/1057506471/19283435771',
        'https://shopee.co.th/product/1057506471/19283435771',
        's.shopee.co.th',
      ),
      failing('https://s.shopee.co.th/5q54pIJ2gf', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'nahmkahw/shopee-affiliate:input/urls.txt',
    country: 'TH',
    text: 'https://shopee.co.th/product/1118936514/24240277068 | https://s.shopee.co.th/4LGH2Ye1TW | 2026-05-18',
    items: [
      shopee(
        'https://shopee.co.th/product/1118936514/24240277068',
        'https://shopee.co.th/product/1118936514/24240277068',
        's.shopee.co.th',
      ),
      failing('https://s.shopee.co.th/4LGH2Ye1TW', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'nahmkahw/shopee-affiliate:input/urls.txt',
    country: 'TH',
    text: 'https://shopee.co.th/product/857994468/22759332508 | https://s.shopee.co.th/7pq9DzAjD8 | 2026-05-18',
    items: [
      shopee(
        'https://shopee.co.th/product/857994468/22759332508',
        'https://shopee.co.th/product/857994468/22759332508',
        's.shopee.co.th',
      ),
      failing('https://s.shopee.co.th/7pq9DzAjD8', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    const text = 'พิกัด: https://s.shopee.co.th/abc123) และ https://s.shopee.co.th/abc123 #ของดี\\nลิงก์ https://customlink.wwoom.com/?id=1&url=x.'",
    items: [
      failing('https://s.shopee.co.th/abc123', 'shopee', 'resolution_failed'),
      failing('https://s.shopee.co.th/abc123', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    assert.ok(isShopeeLink('https://shopee.co.th/product/123/456'))",
    items: [shopee('https://shopee.co.th/product/123/456', 'https://shopee.co.th/product/123/456', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    assert.ok(!isCustomlinkLink('https://shopee.co.th/x'))",
    items: [shopee('https://shopee.co.th/x', 'https://shopee.co.th/x', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "            'https://shopee.co.th/product/1/2',",
    items: [shopee('https://shopee.co.th/product/1/2', 'https://shopee.co.th/product/1/2', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    const parsed = parseTrackingSubIds('https://shopee.co.th/product/1/2?utm_content=spring-post-page--')",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?utm_content=spring-post-page--',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    const parsed = parseTrackingSubIds('https://shopee.co.th/product/1/2?utm_content=spring-post-page-log987-')",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?utm_content=spring-post-page-log987-',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "    const compact = parseTrackingSubIds('https://shopee.co.th/product/1/2?utm_content=spring-post-page-log987')",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?utm_content=spring-post-page-log987',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/comment-link-registry.test.ts',
    country: 'TH',
    text: "        'https://shopee.co.th/product/123/456?utm_source=x&utm_content=a-b-c&sub1=y&fbclid=z&xptdk=q',",
    items: [
      shopee(
        'https://shopee.co.th/product/123/456?utm_source=x&utm_content=a-b-c&sub1=y&fbclid=z&xptdk=q',
        'https://shopee.co.th/product/123/456',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ad-only-contract.test.ts',
    country: 'TH',
    text: "        shopeeLink: 'https://shopee.co.th/product',",
    items: [failing('https://shopee.co.th/product', 'shopee', 'not_a_product')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ad-only-contract.test.ts',
    country: 'TH',
    text: "    const finalLink = 'https://s.shopee.co.th/8KnFV0t8sa'",
    items: [failing('https://s.shopee.co.th/8KnFV0t8sa', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ad-only-contract.test.ts',
    country: 'TH',
    text: "        paid_ad_cta_link: 'https://s.shopee.co.th/FINAL',",
    items: [failing('https://s.shopee.co.th/FINAL', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ad-only-contract.test.ts',
    country: 'TH',
    text: "    const msg = buildFollowLaneCommentMessage('https://s.shopee.co.th/final')",
    items: [failing('https://s.shopee.co.th/final', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ad-only-contract.test.ts',
    country: 'TH',
    text: "        shopeeLink: 'https://s.shopee.co.th/example',",
    items: [failing('https://s.shopee.co.th/example', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ai-clips.test.ts',
    country: 'TH',
    text: "    assert.equal(sanitizeAiClipLink('http://lazada.co.th/y'), 'http://lazada.co.th/y')",
    items: [
      lazadaAbroad('http://lazada.co.th/y', 'https://www.lazada.co.th/y/'),
      lazadaAbroad('http://lazada.co.th/y', 'https://www.lazada.co.th/y/'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ai-clips.test.ts',
    country: 'TH',
    text: "    assert.equal(sanitizeAiClipLink('shopee.co.th/x'), '')",
    items: [shopee('shopee.co.th/x', 'https://shopee.co.th/x', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ai-clips.test.ts',
    country: 'TH',
    text: "    const good = record({ shopeeLink: 'https://shopee.co.th/abc', lazadaLink: 'http://lazada.co.th/def' })",
    items: [
      shopee('https://shopee.co.th/abc', 'https://shopee.co.th/abc', 's.shopee.co.th'),
      lazadaAbroad('http://lazada.co.th/def', 'https://www.lazada.co.th/def/'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/ai-clips.test.ts',
    country: 'TH',
    text: "    const bad = record({ shopeeLink: 'shopee.co.th/abc', lazadaLink: 'javascript:alert(1)' })",
    items: [shopee('shopee.co.th/abc', 'https://shopee.co.th/abc', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/src/index.ts',
    country: 'TH',
    text: "    'shopee.co.id',",
    items: [shopee('shopee.co.id', 'https://shopee.co.id/', 's.shopee.co.id')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/src/index.ts',
    country: 'TH',
    text: "    'shopee.com.my',",
    items: [shopee('shopee.com.my', 'https://shopee.com.my/', 's.shopee.com.my')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/src/index.ts',
    country: 'TH',
    text: "    'shopee.ph',",
    items: [shopee('shopee.ph', 'https://shopee.ph/', 's.shopee.ph')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/src/index.ts',
    country: 'TH',
    text: "    'shopee.sg',",
    items: [shopee('shopee.sg', 'https://shopee.sg/', 's.shopee.sg')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate-local-publisher/test/test_publisher_helpers.py',
    country: 'TH',
    text: '                return "https://s.shopee.co.th/preflight"',
    items: [failing('https://s.shopee.co.th/preflight', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate-local-publisher/test/test_publisher_helpers.py',
    country: 'TH',
    text: '                return "https://s.shopee.co.th/pre" if not sub3 else "https://s.shopee.co.th/final"',
    items: [
      failing('https://s.shopee.co.th/pre', 'shopee', 'resolution_failed'),
      failing('https://s.shopee.co.th/final', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate-local-publisher/test/test_publisher_helpers.py',
    country: 'TH',
    text: '                    "canonical_url": "https://shopee.co.th/product/1/124",',
    items: [shopee('https://shopee.co.th/product/1/124', 'https://shopee.co.th/product/1/124', 's.shopee.co.th')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate-local-publisher/test/test_publisher_helpers.py',
    country: 'TH',
    text: '                lazada_url="https://www.lazada.co.th/products/example-i124.html",',
    items: [
      lazadaAbroad(
        'https://www.lazada.co.th/products/example-i124.html',
        'https://www.lazada.co.th/products/example-i124.html',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/shopee-affiliate-id.test.ts',
    country: 'TH',
    text: "        extractShopeeUtmSourceFromLink('https://shopee.co.th/product/1/2?utm_source=an_15130770000'),",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?utm_source=an_15130770000',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/shopee-affiliate-id.test.ts',
    country: 'TH',
    text: "        extractShopeeUtmSourceFromLink('https://shopee.co.th/product/1/2?mmp_pid=an_15130770000'),",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?mmp_pid=an_15130770000',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/shopee-affiliate-id.test.ts',
    country: 'TH',
    text: "    const link = 'https://shopee.co.th/product/1/2?utm_source=an_15130770000&mmp_pid=an_99999'",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?utm_source=an_15130770000&mmp_pid=an_99999',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/shopee-affiliate-id.test.ts',
    country: 'TH',
    text: "    const link = 'https://shopee.co.th/product/1/2?mmp_pid=an_15130770000&other=x'",
    items: [
      shopee(
        'https://shopee.co.th/product/1/2?mmp_pid=an_15130770000&other=x',
        'https://shopee.co.th/product/1/2',
        's.shopee.co.th',
      ),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/facebook-page-posts.test.ts',
    country: 'TH',
    text: "    assert.equal(pickCommentShopeeUrl('ซื้อเลย https://shopee.co.th/product-i.1.2'), 'https://shopee.co.th/product-i.1.2')",
    items: [
      shopee('https://shopee.co.th/product-i.1.2', 'https://shopee.co.th/product-i.1.2', 's.shopee.co.th'),
      shopee('https://shopee.co.th/product-i.1.2', 'https://shopee.co.th/product-i.1.2', 's.shopee.co.th'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/facebook-page-posts.test.ts',
    country: 'TH',
    text: "        comment({ id: `${PAGE_ID}_1`, fromId: '99999', fromName: 'ลูกค้า', message: 'อยากได้ลิงก์ https://s.shopee.co.th/USER' }),",
    items: [failing('https://s.shopee.co.th/USER', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:apps/video-affiliate/worker/test/facebook-page-posts.test.ts',
    country: 'TH',
    text: "        comment({ id: `${PAGE_ID}_2`, fromId: PAGE_ID, message: 'พิกัด https://s.shopee.co.th/PAGE.' }),",
    items: [failing('https://s.shopee.co.th/PAGE', 'shopee', 'resolution_failed')],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:.ads-handoff-edit-comment-768749526323172.md',
    country: 'TH',
    text: '```json\n{\n  "ok": true,\n  "phase": "update_cta",\n  "page_id": "116759241338040",\n  "story_id": "116759241338040_768749526323172",\n  "cta_update_target_id": "1664564174693233",\n  "final_cta_link": "https://s.shopee.co.th/8pjWjs1coO",\n  "visible_page_cta_link": "https://s.shopee.co.th/8pjWjs1coO",\n  "visible_page_cta_final": true,\n  "permalink_url": "https://www.facebook.com/reel/1664564174693233/"\n}\n```',
    items: [
      failing('https://s.shopee.co.th/8pjWjs1coO', 'shopee', 'resolution_failed'),
      failing('https://s.shopee.co.th/8pjWjs1coO', 'shopee', 'resolution_failed'),
    ],
  },
  {
    source: 'yokthanwa1993/shopping-affiliate:.ads-handoff-edit-comment-768749526323172.md',
    country: 'TH',
    text: '## Known link/sub data\nOld link:\n- `https://s.shopee.co.th/5q5l46qSw4`\n- expanded `utm_content=1JUN26FBSPCAD-768749526323172-116759241338040--`\n- affiliate `15130770000`',
    items: [failing('https://s.shopee.co.th/5q5l46qSw4', 'shopee', 'resolution_failed')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/crawler/parsers.ts',
    country: 'VN',
    text: " * normalizeProductUrl('/product/123456')           // 'https://shopee.vn/product/123456'",
    items: [failing('https://shopee.vn/product/123456', 'shopee', 'not_a_product')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/crawler/parsers.ts',
    country: 'VN',
    text: " * normalizeProductUrl('https://s.shopee.vn/abc')  // 'https://shopee.vn/product/abc'",
    items: [
      failing('https://s.shopee.vn/abc', 'shopee', 'resolution_failed'),
      failing('https://shopee.vn/product/abc', 'shopee', 'not_a_product'),
    ],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/crawler/parsers.ts',
    country: 'VN',
    text: "export function normalizeProductUrl(url: string, baseUrl: string = 'https://shopee.vn'): string {",
    items: [shopee('https://shopee.vn', 'https://shopee.vn/')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/crawler/parsers.ts',
    country: 'VN',
    text: "  if (normalized.includes('s.shopee.vn') || normalized.includes('shopee.vn/')) {",
    items: [failing('s.shopee.vn', 'shopee', 'invalid_link'), shopee('shopee.vn/', 'https://shopee.vn/')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/crawler/parsers.ts',
    country: 'VN',
    text: '  // - shopee.vn/product-name.i.123456789',
    items: [shopee('shopee.vn/product-name.i.123456789', 'https://shopee.vn/product-name.i.123456789')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://shopee.vn/-i.123456.789012345/product-name.sp?spm=xxx'",
    items: [failing('https://shopee.vn/-i.123456.789012345/product-name.sp?spm=xxx', 'shopee', 'not_a_product')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://shopee.vn/product?shopid=999&itemid=12345'",
    items: [shopee('https://shopee.vn/product?shopid=999&itemid=12345', 'https://shopee.vn/product/999/12345')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://shopee.vn/product?spm=a&fbclid=b&itemid=123&shopid=456'",
    items: [
      shopee('https://shopee.vn/product?spm=a&fbclid=b&itemid=123&shopid=456', 'https://shopee.vn/product/456/123'),
    ],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://www.lazada.vn/products/test-123456.html?spm=xxx'",
    items: [failing('https://www.lazada.vn/products/test-123456.html?spm=xxx', 'lazada', 'not_a_product')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://www.lazada.vn/products/test-123456.html?shop_id=777'",
    items: [failing('https://www.lazada.vn/products/test-123456.html?shop_id=777', 'lazada', 'not_a_product')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:apps/admin-dashboard/src/lib/public/__tests__/resolve-normalize.test.ts',
    country: 'VN',
    text: "        'https://tiki.vn/ao-so-mi-p123456.html'",
    items: [tiki('https://tiki.vn/ao-so-mi-p123456.html', 'https://tiki.vn/ao-so-mi-p123456.html')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/testing/fixtures/sampleShopeeData.ts',
    country: 'VN',
    text: "    { id: 1, url: 'https://shopee.vn/video/123456', thumbnail: 'https://cf.shopee.sg/file/thumb' },",
    items: [failing('https://shopee.vn/video/123456', 'shopee', 'not_a_product')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/testing/fixtures/sampleShopeeData.ts',
    country: 'VN',
    text: "  url: 'https://shopee.vn/product/1234567890',",
    items: [failing('https://shopee.vn/product/1234567890', 'shopee', 'not_a_product')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/testing/fixtures/sampleShopeeData.ts',
    country: 'VN',
    text: "  postUrl: 'https://tiktok.com/@fashionstore/video/123456789',",
    items: [failing('https://tiktok.com/@fashionstore/video/123456789', 'tiktok', 'not_a_product')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:src/platform/tiktokShop/reference/tiktokShopUrlParser.ts',
    country: 'VN',
    text: "  if (lower.includes('vm.tiktok.com') || lower.includes('vt.tiktok.com')) {",
    items: [failing('vm.tiktok.com', 'tiktok', 'invalid_link'), failing('vt.tiktok.com', 'tiktok', 'invalid_link')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:src/platform/tiktokShop/reference/tiktokShopUrlParser.ts',
    country: 'VN',
    text: "  if (lower.includes('shop.tiktok.com')) {",
    items: [tiktok('shop.tiktok.com', 'https://shop.tiktok.com/')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:src/platform/tiktokShop/reference/tiktokShopUrlParser.ts',
    country: 'VN',
    text: '      return `https://shop.tiktok.com/shop/product/${identifiers.productId}`;',
    items: [tiktok('https://shop.tiktok.com/shop/product/$', 'https://shop.tiktok.com/shop/product/$')],
  },
  {
    source:
      'truongminhsonovnne-create/affiliate-automation-system1:src/platform/tiktokShop/reference/tiktokShopUrlParser.ts',
    country: 'VN',
    text: '      return `https://shop.tiktok.com/shop/${identifiers.shopId}`;',
    items: [tiktok('https://shop.tiktok.com/shop/$', 'https://shop.tiktok.com/shop/$')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/testing/voucherEngine/resolution.test.ts',
    country: 'SG',
    text: "    const idempotencyKey1 = 'shopee:https://shopee.sg/product/123';",
    items: [failing('https://shopee.sg/product/123', 'shopee', 'not_a_product')],
  },
  {
    source: 'truongminhsonovnne-create/affiliate-automation-system1:src/testing/voucherEngine/resolution.test.ts',
    country: 'SG',
    text: "    const key2 = 'shopee:https://shopee.sg/product/456';",
    items: [failing('https://shopee.sg/product/456', 'shopee', 'not_a_product')],
  },
  {
    source: 'dootan2020/affiliate-scorer:lib/parsers/link-parser.ts',
    country: 'VN',
    text: '  // https://shop.tiktok.com/view/product/1734173371940046760',
    items: [
      tiktok(
        'https://shop.tiktok.com/view/product/1734173371940046760',
        'https://shop.tiktok.com/view/product/1734173371940046760',
      ),
    ],
  },
  {
    source: 'dootan2020/affiliate-scorer:lib/parsers/link-parser.ts',
    country: 'VN',
    text: '      canonicalUrl: `https://shop.tiktok.com/view/product/${productMatch[1]}`,',
    items: [tiktok('https://shop.tiktok.com/view/product/$', 'https://shop.tiktok.com/view/product/$')],
  },
  {
    source: 'dootan2020/affiliate-scorer:lib/parsers/link-parser.ts',
    country: 'VN',
    text: '  // https://www.tiktok.com/@user/video/7379957713536601351',
    items: [failing('https://www.tiktok.com/@user/video/7379957713536601351', 'tiktok', 'not_a_product')],
  },
  {
    source: 'dootan2020/affiliate-scorer:lib/parsers/link-parser.ts',
    country: 'VN',
    text: '  // https://vt.tiktok.com/ZS...',
    items: [failing('https://vt.tiktok.com/ZS', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'dootan2020/affiliate-scorer:lib/parsers/link-parser.ts',
    country: 'VN',
    text: '  // https://shop.tiktok.com/view/shop/7495757114449955752',
    items: [
      tiktok(
        'https://shop.tiktok.com/view/shop/7495757114449955752',
        'https://shop.tiktok.com/view/shop/7495757114449955752',
      ),
    ],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/12345/67890",',
    items: [shopee('https://shopee.vn/product/12345/67890', 'https://shopee.vn/product/12345/67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://www.shopee.vn/product/1/2",',
    items: [shopee('https://www.shopee.vn/product/1/2', 'https://shopee.vn/product/1/2')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '  assert.equal(result.hostname, "www.shopee.vn");',
    items: [shopee('www.shopee.vn', 'https://shopee.vn/')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/1/2",',
    items: [shopee('https://shopee.vn/product/1/2', 'https://shopee.vn/product/1/2')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/Some-Product-Name-i.12345.67890",',
    items: [
      shopee('https://shopee.vn/Some-Product-Name-i.12345.67890', 'https://shopee.vn/Some-Product-Name-i.12345.67890'),
    ],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/abc-123-xyz-i.7.9",',
    items: [shopee('https://shopee.vn/abc-123-xyz-i.7.9', 'https://shopee.vn/abc-123-xyz-i.7.9')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/some-shop/12345/67890",',
    items: [shopee('https://shopee.vn/some-shop/12345/67890', 'https://shopee.vn/product/12345/67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/some-shop/12345/67890/",',
    items: [shopee('https://shopee.vn/some-shop/12345/67890/', 'https://shopee.vn/product/12345/67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/some-shop/12345/67890?utm_source=abc#section",',
    items: [
      shopee('https://shopee.vn/some-shop/12345/67890?utm_source=abc#section', 'https://shopee.vn/product/12345/67890'),
    ],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://www.shopee.vn/another-shop/1/2",',
    items: [shopee('https://www.shopee.vn/another-shop/1/2', 'https://shopee.vn/product/1/2')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    `https://shopee.vn/big-shop/${largeShopId}/${largeItemId}`,',
    items: [failing('https://shopee.vn/big-shop/$', 'shopee', 'not_a_product')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    `https://shopee.vn/product/${largeShopId}/${largeItemId}`,',
    items: [failing('https://shopee.vn/product/$', 'shopee', 'not_a_product')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/123-shop/7/9",',
    items: [shopee('https://shopee.vn/123-shop/7/9', 'https://shopee.vn/product/7/9')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/shopee/product-url-parser.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/123/456",',
    items: [shopee('https://shopee.vn/product/123/456', 'https://shopee.vn/product/123/456')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/services/shopee-cashback-quote.service.test.ts',
    country: 'VN',
    text: '      { productUrl: "https://shopee.vn/product/1408027998/44812498433" },',
    items: [
      shopee('https://shopee.vn/product/1408027998/44812498433', 'https://shopee.vn/product/1408027998/44812498433'),
    ],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/services/shopee-cashback-quote.service.test.ts',
    country: 'VN',
    text: '    canonicalUrl: "https://shopee.vn/product/99999/11111",',
    items: [shopee('https://shopee.vn/product/99999/11111', 'https://shopee.vn/product/99999/11111')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/services/shopee-cashback-quote.service.test.ts',
    country: 'VN',
    text: '    // Simulate: s.shopee.vn/shortlink resolved to canonical identity',
    items: [failing('s.shopee.vn/shortlink', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/services/shopee-cashback-quote.service.test.ts',
    country: 'VN',
    text: '      canonicalUrl: "https://shopee.vn/product/99999/88888",',
    items: [shopee('https://shopee.vn/product/99999/88888', 'https://shopee.vn/product/99999/88888')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/services/shopee-cashback-quote.service.test.ts',
    country: 'VN',
    text: '      { productUrl: "https://s.shopee.vn/shortlink" },',
    items: [failing('https://s.shopee.vn/shortlink', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '    `https://s.shopee.vn/an_redir?${params.toString()}`;',
    items: [failing('https://s.shopee.vn/an_redir?$', 'shopee', 'invalid_link')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '  const url = `https://s.shopee.vn/wrong-path?${params.toString()}`;',
    items: [failing('https://s.shopee.vn/wrong-path?$', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/12345/67890?utm_source=google&ref=sharing";',
    items: [
      shopee(
        'https://shopee.vn/product/12345/67890?utm_source=google&ref=sharing',
        'https://shopee.vn/product/12345/67890',
      ),
    ],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/99999/67890";',
    items: [shopee('https://shopee.vn/product/99999/67890', 'https://shopee.vn/product/99999/67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '    "https://shopee.vn/product/12345/99999";',
    items: [shopee('https://shopee.vn/product/12345/99999', 'https://shopee.vn/product/12345/99999')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-affiliate-url.test.ts',
    country: 'VN',
    text: '    "http://shopee.vn/product/12345/67890";',
    items: [shopee('http://shopee.vn/product/12345/67890', 'https://shopee.vn/product/12345/67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/sources/shopee-offer-normalizer.test.ts',
    country: 'VN',
    text: '    offerLink: "https://s.shopee.vn/AAAAA",',
    items: [failing('https://s.shopee.vn/AAAAA', 'shopee', 'resolution_failed')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/sources/shopee-offer-normalizer.test.ts',
    country: 'VN',
    text: '    originalLink: "https://shopee.vn/ma-giam-gia",',
    items: [shopee('https://shopee.vn/ma-giam-gia', 'https://shopee.vn/ma-giam-gia')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/sources/shopee-offer-normalizer.test.ts',
    country: 'VN',
    text: '    offerLink: "https://shopee.vn/anything",',
    items: [shopee('https://shopee.vn/anything', 'https://shopee.vn/anything')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/sources/shopee-offer-normalizer.test.ts',
    country: 'VN',
    text: '    offerLink: "https://shopee.vn/sample",',
    items: [shopee('https://shopee.vn/sample', 'https://shopee.vn/sample')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-preview-fallback.test.ts',
    country: 'VN',
    text: '      "https://shopee.vn/ao-thun-nam-i.12345.67890",',
    items: [shopee('https://shopee.vn/ao-thun-nam-i.12345.67890', 'https://shopee.vn/ao-thun-nam-i.12345.67890')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-preview-fallback.test.ts',
    country: 'VN',
    text: '      "https://shopee.vn/some-page",',
    items: [shopee('https://shopee.vn/some-page', 'https://shopee.vn/some-page')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/cashback/shopee-preview-fallback.test.ts',
    country: 'VN',
    text: '      "https://shope.ee/product/12345/67890",',
    items: [failing('https://shope.ee/product/12345/67890', 'shopee', 'invalid_link')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/public-deal-sanitizer.test.ts',
    country: 'VN',
    text: '  lazada: "https://www.lazada.vn/",',
    items: [lazada('https://www.lazada.vn/', 'https://www.lazada.vn/')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/public-deal-sanitizer.test.ts',
    country: 'VN',
    text: '  tiktok: "https://shop.tiktok.com/",',
    items: [tiktok('https://shop.tiktok.com/', 'https://shop.tiktok.com/')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/public-deal-sanitizer.test.ts',
    country: 'VN',
    text: '  tiki: "https://tiki.vn/",',
    items: [tiki('https://tiki.vn/', 'https://tiki.vn/')],
  },
  {
    source: 'nguyenvandon1304/Vaffiliate-v2:src/lib/deals/public-deal-sanitizer.test.ts',
    country: 'VN',
    text: '  const result = safeUrl("https://shopee.vn/dien-tu/laptop", "shopee");',
    items: [failing('https://shopee.vn/dien-tu/laptop', 'shopee', 'not_a_product')],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/27261149513/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/27261149513/',
        'https://shopee.sg/product/1347290168/27261149513',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/25135993923/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/25135993923/',
        'https://shopee.sg/product/1347290168/25135993923',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/27811177788/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/27811177788/',
        'https://shopee.sg/product/1347290168/27811177788',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/26562700777/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/26562700777/',
        'https://shopee.sg/product/1347290168/26562700777',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/29362700626/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/29362700626/',
        'https://shopee.sg/product/1347290168/29362700626',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'SawLinThant/shopperdoo:src/constant/products.ts',
    country: 'SG',
    text: '    shopeeLink: "https://shopee.sg/product/1347290168/29812691444/",',
    items: [
      shopee(
        'https://shopee.sg/product/1347290168/29812691444/',
        'https://shopee.sg/product/1347290168/29812691444',
        's.shopee.sg',
      ),
    ],
  },
  {
    source: 'ruangmovie/ruangmovie.github.io:assets/js/ads.js',
    country: 'ID',
    text: "    'https://shope.ee/3pmTwAtJ7S',",
    items: [failing('https://shope.ee/3pmTwAtJ7S', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ruangmovie/ruangmovie.github.io:assets/js/ads.js',
    country: 'ID',
    text: "    'https://shope.ee/3fT3jrtwSR',",
    items: [failing('https://shope.ee/3fT3jrtwSR', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ruangmovie/ruangmovie.github.io:assets/js/ads.js',
    country: 'ID',
    text: "    'https://shope.ee/2ptwkKx79I',",
    items: [failing('https://shope.ee/2ptwkKx79I', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ruangmovie/ruangmovie.github.io:assets/js/ads.js',
    country: 'ID',
    text: "    'https://shope.ee/2faWY1xkUH',",
    items: [failing('https://shope.ee/2faWY1xkUH', 'shopee', 'resolution_failed')],
  },
  {
    source: 'ruangmovie/ruangmovie.github.io:assets/js/ads.js',
    country: 'ID',
    text: "    'https://shope.ee/3AWn8wvqTO',",
    items: [failing('https://shope.ee/3AWn8wvqTO', 'shopee', 'resolution_failed')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:frontend/src/services/mockData.ts',
    country: 'PH',
    text: "      product_url: 'https://www.lazada.com.ph/products/samsung-galaxy-a54-5g',",
    items: [failing('https://www.lazada.com.ph/products/samsung-galaxy-a54-5g', 'lazada', 'not_a_product')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:frontend/src/services/mockData.ts',
    country: 'PH',
    text: "      product_url: 'https://www.lazada.com.ph/products/xiaomi-redmi-note-13-pro',",
    items: [failing('https://www.lazada.com.ph/products/xiaomi-redmi-note-13-pro', 'lazada', 'not_a_product')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:frontend/src/services/mockData.ts',
    country: 'PH',
    text: "      product_url: 'https://www.lazada.com.ph/products/iphone-15-pro-max',",
    items: [failing('https://www.lazada.com.ph/products/iphone-15-pro-max', 'lazada', 'not_a_product')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:frontend/src/services/mockData.ts',
    country: 'PH',
    text: "      product_url: 'https://www.lazada.com.ph/products/asus-vivobook-15',",
    items: [failing('https://www.lazada.com.ph/products/asus-vivobook-15', 'lazada', 'not_a_product')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:frontend/src/services/mockData.ts',
    country: 'PH',
    text: "      product_url: 'https://www.lazada.com.ph/products/lenovo-ideapad-3',",
    items: [failing('https://www.lazada.com.ph/products/lenovo-ideapad-3', 'lazada', 'not_a_product')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:backend/app/scrapers/tiktokshop_scraper.py',
    country: 'PH',
    text: '    BASE_URL = "https://shop.tiktok.com"',
    items: [tiktok('https://shop.tiktok.com', 'https://shop.tiktok.com/')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:backend/app/scrapers/shopee_scraper.py',
    country: 'PH',
    text: '    BASE_URL = "https://shopee.ph"',
    items: [shopee('https://shopee.ph', 'https://shopee.ph/', 's.shopee.ph')],
  },
  {
    source: 'frenxpog1/price-tracker-lazada:lazada_api_production/README.md',
    country: 'PH',
    text: '**Example Response:**\n```json\n{\n  "query": "laptop",\n  "total_results": 3244,\n  "page": 1,\n  "per_page": 10,\n  "results": [\n    {\n      "platform": "lazada",\n      "product_name": "Lenovo IdeaPad 3 15.6\\" Laptop",\n      "current_price": 24999.0,\n      "currency": "PHP",\n      "product_url": "https://www.lazada.com.ph/products/...",\n      "image_url": "https://ph-live-01.slatic.net/p/...",\n      "availability": true,\n      "scraped_at": "2026-05-01T12:34:56"\n    }\n  ],\n  "search_time_seconds": 6.8\n}\n```',
    items: [failing('https://www.lazada.com.ph/products/', 'lazada', 'not_a_product')],
  },
  {
    source: 'oyi77/1ai-affiliate:frontend/src/data/advertiserTemplates.js',
    country: 'ID',
    text: "      'https://affiliate.shopee.co.id/api/v2/event?app_id={app_id}&click_id={click_id}&type={type}&commission={commission}&order_id={order_id}',",
    items: [failing('https://affiliate.shopee.co.id/api/v2/event?app_id=', 'shopee', 'not_a_product')],
  },
  {
    source: 'oyi77/1ai-affiliate:frontend/src/data/advertiserTemplates.js',
    country: 'ID',
    text: "      'https://affiliate.shopee.co.id/offer?app_id={app_id}&aff_id={aff_id}&click_id={click_id}&url={product_url}',",
    items: [failing('https://affiliate.shopee.co.id/offer?app_id=', 'shopee', 'not_a_product')],
  },
  {
    source: 'oyi77/1ai-affiliate:frontend/src/data/advertiserTemplates.js',
    country: 'VN',
    text: "      'https://www.lazada.vn/affiliate/postback?click_id={click_id}&order_id={order_id}&commission={commission}&status={status}&country={country}',",
    items: [failing('https://www.lazada.vn/affiliate/postback?click_id=', 'lazada', 'not_a_product')],
  },
  {
    source: 'oyi77/1ai-affiliate:server/services/shopeeIntegration.js',
    country: 'ID',
    text: "    await page.goto('https://affiliate.shopee.co.id/dashboard', { waitUntil: 'networkidle', timeout: 30000 });",
    items: [failing('https://affiliate.shopee.co.id/dashboard', 'shopee', 'not_a_product')],
  },
  {
    source: 'oyi77/1ai-affiliate:frontend/src/pages/DeepLinkGenerator.jsx',
    country: 'ID',
    text: "    targetUrl: 'https://shopee.co.id/product/123',",
    items: [failing('https://shopee.co.id/product/123', 'shopee', 'not_a_product')],
  },
  {
    source: 'donghao0210/shopee-my-scraper:shopee-scraper.py',
    country: 'MY',
    text: "    url_api_request = 'https://shopee.com.my/api/v4/recommend/recommend?bundle=shop_page_product_tab_main&limit=999&offset=0&section=shop_page_product_tab_main_sec&shopid=' + seller_shopee_id",
    items: [
      failing(
        'https://shopee.com.my/api/v4/recommend/recommend?bundle=shop_page_product_tab_main&limit=999&offset=0&section=shop_page_product_tab_main_sec&shopid=',
        'shopee',
        'not_a_product',
      ),
    ],
  },
  {
    source: 'donghao0210/shopee-my-scraper:shopee-scraper.py',
    country: 'MY',
    text: "                    sp.write('url: https://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630?sp_atk=205f0137-c883-4330-81dc-c472935b660c&xptdk=205f0137-c883-4330-81dc-c472935b660c')",
    items: [
      shopee(
        'https://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630?sp_atk=205f0137-c883-4330-81dc-c472935b660c&xptdk=205f0137-c883-4330-81dc-c472935b660c',
        'https://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630',
        's.shopee.com.my',
      ),
    ],
  },
  {
    source: 'donghao0210/shopee-my-scraper:README.md',
    country: 'MY',
    text: "Example:\nhttps://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630\n- 12065998 is the seller's id. That's required to run the script.\n- 4229067630 is the product's id",
    items: [
      shopee(
        'https://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630',
        'https://shopee.com.my/Le-Mood-Clover-Japan-Dressmaking-Silk-Pin-Jarum-Peniti-Sewing-Pin-Tailoring-Pattern-Making-Tool-Fix-Position-Pin-i.12065998.4229067630',
        's.shopee.com.my',
      ),
    ],
  },
  {
    source: 'allifizzuddin89/Shopee-MY-GameConsole-Scraping:shopee_api_working_v1',
    country: 'MY',
    text: 'https://shopee.com.my/api/v4/recommend/recommend?bundle=category_landing_page&cat_level=1&catid=11001085&limit=60&offset=0',
    items: [
      failing(
        'https://shopee.com.my/api/v4/recommend/recommend?bundle=category_landing_page&cat_level=1&catid=11001085&limit=60&offset=0',
        'shopee',
        'not_a_product',
      ),
    ],
  },
  {
    source: 'allifizzuddin89/Shopee-MY-GameConsole-Scraping:shopee_api_working_v1',
    country: 'MY',
    text: "  -H 'referer: https://shopee.com.my/Gaming-Consoles-cat.11001085?page=0&sortBy=pop' \\",
    items: [
      shopee(
        'https://shopee.com.my/Gaming-Consoles-cat.11001085?page=0&sortBy=pop',
        'https://shopee.com.my/Gaming-Consoles-cat.11001085?page=0&sortBy=pop',
        's.shopee.com.my',
      ),
    ],
  },
  {
    source:
      'allifizzuddin89/Shopee-MY-GameConsole-Scraping:shopee_gameconsole_list/shopee_gameconsole_list/spiders/main.py',
    country: 'MY',
    text: "    url = 'https://shopee.com.my/api/v4/recommend/recommend?bundle=category_landing_page&cat_level=1&catid=11001085&limit=60&offset={}'",
    items: [
      failing(
        'https://shopee.com.my/api/v4/recommend/recommend?bundle=category_landing_page&cat_level=1&catid=11001085&limit=60&offset=',
        'shopee',
        'not_a_product',
      ),
    ],
  },
  {
    source: 'alfianpr/tiktokshop-scraper:url/test.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSL6fUwXR/',
    items: [failing('https://vt.tiktok.com/ZSL6fUwXR/', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'alfianpr/tiktokshop-scraper:url/test.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSL6fH2Nb/',
    items: [failing('https://vt.tiktok.com/ZSL6fH2Nb/', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'alfianpr/tiktokshop-scraper:url/test.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSL6ffuum/',
    items: [failing('https://vt.tiktok.com/ZSL6ffuum/', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'krisnayulian/tiktokshopscraping:output/beauty.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSNqVDMCV/',
    items: [failing('https://vt.tiktok.com/ZSNqVDMCV/', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'krisnayulian/tiktokshopscraping:output/beauty.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSNqV5dxE/',
    items: [failing('https://vt.tiktok.com/ZSNqV5dxE/', 'tiktok', 'resolution_failed')],
  },
  {
    source: 'krisnayulian/tiktokshopscraping:output/beauty.csv',
    country: 'ID',
    text: 'https://vt.tiktok.com/ZSNqVu81N/',
    items: [failing('https://vt.tiktok.com/ZSNqVu81N/', 'tiktok', 'resolution_failed')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <title>Tablet Accessories - Buy Tablet Accessories at Best Price in Malaysia | www.lazada.com.my</title>',
    items: [lazadaAbroad('www.lazada.com.my', 'https://www.lazada.com.my/')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '        <link rel="next" href="http://www.lazada.com.my/tablet-accessories2/?page=2" />',
    items: [
      lazadaAbroad(
        'http://www.lazada.com.my/tablet-accessories2/?page=2',
        'https://www.lazada.com.my/tablet-accessories2/?page=2',
      ),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <link rel="canonical" href="http://www.lazada.com.my/tablet-accessories2/" />',
    items: [
      lazadaAbroad('http://www.lazada.com.my/tablet-accessories2/', 'https://www.lazada.com.my/tablet-accessories2/'),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: "    _gaq.push(['_setDomainName', 'lazada.com.my']);",
    items: [lazadaAbroad('lazada.com.my', 'https://www.lazada.com.my/')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '            <a href="http://www.lazada.com.my/marketplace" class="button button_theme_elegant button_color_cyan" title="Find out more">Find out more</a>',
    items: [lazadaAbroad('http://www.lazada.com.my/marketplace', 'https://www.lazada.com.my/marketplace/')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <a href="http://www.lazada.com.my/helpcenter/" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-help-centre"></i>  </span> Help Center</a>',
    items: [failing('http://www.lazada.com.my/helpcenter/', 'lazada', 'not_a_product')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <a href="http://www.lazada.com.my/helpcenter/orders-payment/#answer-faq-placeorder-ans" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-order-payment"></i></span> Orders & Payment     </a>',
    items: [
      failing(
        'http://www.lazada.com.my/helpcenter/orders-payment/#answer-faq-placeorder-ans',
        'lazada',
        'not_a_product',
      ),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <a href="http://www.lazada.com.my/helpcenter/shipping-delivery/#answer-faq-delivery-ans" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-shipping-delivery"></i></span> Shipping & Delivery     </a>',
    items: [
      failing(
        'http://www.lazada.com.my/helpcenter/shipping-delivery/#answer-faq-delivery-ans',
        'lazada',
        'not_a_product',
      ),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: '    <a href="http://www.lazada.com.my/helpcenter/returns-refunds/#answer-faq-return-ans" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-returns-refunds"></i></span> Returns & Refunds     </a>',
    items: [
      failing('http://www.lazada.com.my/helpcenter/returns-refunds/#answer-faq-return-ans', 'lazada', 'not_a_product'),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'ID',
    text: '          "target_left"   : "http://www.lazada.co.id/hujan-diskon/",',
    items: [lazadaAbroad('http://www.lazada.co.id/hujan-diskon/', 'https://www.lazada.co.id/hujan-diskon/')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'ID',
    text: '        "target_left"   : "http://www.lazada.co.id/lazada-anniversary/",',
    items: [
      lazadaAbroad('http://www.lazada.co.id/lazada-anniversary/', 'https://www.lazada.co.id/lazada-anniversary/'),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/shopping.php',
    country: 'MY',
    text: "      'https://www.lazada.com.my/checkout/step/index/',",
    items: [failing('https://www.lazada.com.my/checkout/step/index/', 'lazada', 'not_a_product')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/images/test.php',
    country: 'MY',
    text: '            <a href="https://www.lazada.com.my/marketplace" class="button button_theme_elegant button_color_cyan" title="Find out more">Find out more</a>',
    items: [lazadaAbroad('https://www.lazada.com.my/marketplace', 'https://www.lazada.com.my/marketplace/')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/images/test.php',
    country: 'MY',
    text: '    <a href="https://www.lazada.com.my/helpcenter/" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-help-centre"></i>  </span> Help Center</a>',
    items: [failing('https://www.lazada.com.my/helpcenter/', 'lazada', 'not_a_product')],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/images/test.php',
    country: 'MY',
    text: '    <a href="https://www.lazada.com.my/helpcenter/orders-payment/#answer-faq-placeorder-ans" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-order-payment"></i></span> Orders & Payment     </a>',
    items: [
      failing(
        'https://www.lazada.com.my/helpcenter/orders-payment/#answer-faq-placeorder-ans',
        'lazada',
        'not_a_product',
      ),
    ],
  },
  {
    source:
      'babangidazachariah/Dynamic-Multi-Level-Encryption-in-The-LSB-Steganography-Algorithm-for-Online-Payment:lazada.com.my/images/test.php',
    country: 'MY',
    text: '    <a href="https://www.lazada.com.my/helpcenter/shipping-delivery/#answer-faq-delivery-ans" class="dropdown__item-anchor"><span class="dropdown__item-icon"><i class="icon icon-customer-care-shipping-delivery"></i></span> Shipping & Delivery     </a>',
    items: [
      failing(
        'https://www.lazada.com.my/helpcenter/shipping-delivery/#answer-faq-delivery-ans',
        'lazada',
        'not_a_product',
      ),
    ],
  },
];
