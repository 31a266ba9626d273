import {
  commissionAt,
  decimalText,
  lazadaRate,
  parseLazadaProduct,
  parseProductOffer,
  productOfferQuery,
} from '@app/products/testing';

const at = new Date('2026-11-25T10:00:00Z');
const answer = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('product details: protocols and exact money', () => {
  it('computes commissions exactly, never with float artefacts', () => {
    expect(0.1 * 0.2).not.toBe(0.02);
    expect(commissionAt('0.1', '0.2')).toBe('0.02');
    expect(commissionAt('172000', '0.1234')).toBe('21224.8');
    expect(commissionAt('99999999.99', '0.0725')).toBe('7249999.999275');
    expect(commissionAt(null, '0.1')).toBeNull();
    expect(decimalText('172000.50')).toBe('172000.5');
    expect(decimalText('1e5')).toBeNull();
    expect(decimalText('-1')).toBeNull();
    expect(decimalText(4.8)).toBe('4.8');
  });

  it('reads Lazada rates as fractions', () => {
    expect(lazadaRate('5%')).toBe('0.05');
    expect(lazadaRate('12.5 %')).toBe('0.125');
    expect(lazadaRate('0.07')).toBe('0.07');
    expect(lazadaRate('12')).toBe('0.12');
    expect(lazadaRate('n/a')).toBeNull();
  });

  it('asks productOfferV2 for one shop and item, ids written as digits only', () => {
    expect(productOfferQuery('123', '456')).toContain('productOfferV2(shopId: 123, itemId: 456, limit: 1)');
    expect(() => productOfferQuery('1) { x', '2')).toThrow();
  });

  it('reads a productOfferV2 answer: details, no such product, documented errors, an unreadable answer', () => {
    const ids = { shopId: '123', itemId: '456' };
    const node = {
      itemId: 456,
      productName: ' Áo thun ',
      imageUrl: 'https://cf.shopee.vn/file/x',
      priceMin: '100000',
      priceMax: '100000',
      commissionRate: '0.1',
      sales: 10,
      ratingStar: '4.5',
      shopId: 123,
      shopName: 'Shop',
      periodEndTime: 1_800_000_000,
    };
    const found = parseProductOffer(answer({ data: { productOfferV2: { nodes: [node] } } }), ids, 'VND', at);
    expect(found).toEqual({
      ok: true,
      value: {
        found: true,
        details: expect.objectContaining({
          name: 'Áo thun',
          price: '100000',
          estimated_commission: '10000',
          offer_end_time: '2027-01-15T08:00:00.000Z',
          fetched_at: at.toISOString(),
        }),
      },
    });
    const script = parseProductOffer(
      answer({ data: { productOfferV2: { nodes: [{ ...node, imageUrl: 'javascript:alert(1)' }] } } }),
      ids,
      'VND',
      at,
    );
    expect(script.ok && script.value.found && script.value.details.image_url).toBeNull();
    expect(parseProductOffer(answer({ data: { productOfferV2: { nodes: [] } } }), ids, 'VND', at)).toEqual({
      ok: true,
      value: { found: false },
    });
    const errors = (code: number) =>
      parseProductOffer(answer({ errors: [{ message: 'x', extensions: { code, message: 'x' } }] }), ids, 'VND', at);
    const failure = (code: number) => {
      const result = errors(code);
      return result.ok ? null : result.failure.code;
    };
    expect(failure(10020)).toBe('invalid_upstream_credentials');
    expect(failure(10030)).toBe('upstream_rate_limited');
    expect(failure(10000)).toBe('upstream_unavailable');
    expect(parseProductOffer(answer('<html>'), ids, 'VND', at).ok).toBe(false);
  });

  it('reads the Lazada getlink answer for one URL: product info, not found, a refused call', () => {
    const url = 'https://www.lazada.vn/products/x-i1.html';
    const ok = parseLazadaProduct(
      answer({
        code: '0',
        result: { data: { urlBatchGetLinkInfoList: [{ originalUrl: url, productId: '1', regularCommission: '5%' }] } },
      }),
      url,
      '1',
      'VND',
      at,
    );
    expect(ok.ok && ok.value.found && ok.value.details).toMatchObject({
      commission_rate: '0.05',
      price: null,
      estimated_commission: null,
      source: 'lazada_affiliate_api',
    });
    const missing = parseLazadaProduct(
      answer({ code: '0', result: { data: { errorInfoList: [{ inputValue: url, errorCode: '2001' }] } } }),
      url,
      '1',
      'VND',
      at,
    );
    expect(missing).toEqual({ ok: true, value: { found: false } });
    const refused = parseLazadaProduct(answer({ code: 'IllegalAccessToken' }), url, '1', 'VND', at);
    expect(refused.ok ? null : refused.failure.code).toBe('invalid_upstream_credentials');
  });
});
