import { Marketplaces } from '../marketplaces';

/** Each marketplace's ids below the item: Shopee's model, Lazada's SKU, Tiki's seller offer (`spid`). */
describe('the variant ids a product link names', () => {
  const marketplaces = new Marketplaces();
  const ids = (link: string) => {
    const parsed = marketplaces.identify(link);
    return {
      kind: parsed?.kind,
      shopId: parsed?.shopId,
      itemId: parsed?.itemId,
      skuId: parsed?.skuId,
      modelId: parsed?.modelId,
      spid: parsed?.spid,
    };
  };

  it.each([
    ['a slug link with ?model_id=', 'https://shopee.vn/Noi-chien-i.111.5001?model_id=90001', '111', '5001', '90001'],
    ['a /product/ link with ?modelid=', 'https://shopee.co.th/product/1/7001?modelid=42&sp_atk=x', '1', '7001', '42'],
    ['the parameter in any case', 'https://shopee.vn/product/1/2?Model_Id=77', '1', '2', '77'],
    [
      'an an_redir affiliate link whose target names one',
      `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/x-i.111.5001?model_id=90001')}&affiliate_id=1`,
      '111',
      '5001',
      '90001',
    ],
    ['no model id', 'https://shopee.vn/product/1/2', '1', '2', undefined],
    ['a model id that is not an id', 'https://shopee.vn/product/1/2?model_id=abc', '1', '2', undefined],
    ['an empty model id', 'https://shopee.vn/product/1/2?model_id=', '1', '2', undefined],
  ])('Shopee: %s', (_name, link, shopId, itemId, modelId) => {
    expect(ids(link)).toEqual({ kind: 'product', shopId, itemId, skuId: undefined, modelId, spid: undefined });
  });

  it.each([
    ['a product link with ?spid=', 'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491&src=x', '166033491'],
    ['a /p/ link with ?spid=', 'https://tiki.vn/p/166033489?spid=5', '5'],
    [
      'a TAP affiliate link whose target names one',
      `https://ti.ki/PUB/CAMP?TIKI_URI=${encodeURIComponent('https://tiki.vn/x-p166033489.html?spid=166033491')}`,
      '166033491',
    ],
    ['no spid', 'https://tiki.vn/hoang-tu-be-p166033489.html', undefined],
    ['a spid that is not an id', 'https://tiki.vn/hoang-tu-be-p166033489.html?spid=x1', undefined],
  ])('Tiki: %s', (_name, link, spid) => {
    expect(ids(link)).toEqual({
      kind: 'product',
      shopId: undefined,
      itemId: '166033489',
      skuId: undefined,
      modelId: undefined,
      spid,
    });
  });

  it("Lazada's SKU, beside its item", () => {
    expect(ids('https://www.lazada.vn/products/noi-chien-i3001-s3101.html')).toMatchObject({
      itemId: '3001',
      skuId: '3101',
      modelId: undefined,
      spid: undefined,
    });
  });

  it('the canonical link keeps what it kept before: Tiki its `spid`, Shopee only its vouchers', () => {
    expect(marketplaces.identify('https://tiki.vn/x-p166033489.html?spid=7&src=a')?.canonicalUrl).toBe(
      'https://tiki.vn/x-p166033489.html?spid=7',
    );
    expect(marketplaces.identify('https://shopee.vn/product/1/2?model_id=9&sp_atk=x')?.canonicalUrl).toBe(
      'https://shopee.vn/product/1/2',
    );
  });
});
