import { createHmac } from 'node:crypto';
import { lazadaFailure, lazadaGetLinkRequest, lazadaSign, parseLazadaGetLink } from './lazada-affiliate';

describe('Lazada marketing/getlink', () => {
  it('signs apiPath + sorted key/value pairs with HMAC-SHA256, upper-case hex, sign itself left out', () => {
    const params = { timestamp: '1700000000000', app_key: '105000', sign_method: 'sha256', sign: 'ignored' };
    const expected = createHmac('sha256', 'secret')
      .update('/marketing/getlinkapp_key105000sign_methodsha256timestamp1700000000000')
      .digest('hex')
      .toUpperCase();
    expect(lazadaSign('secret', '/marketing/getlink', params)).toBe(expected);
    expect(expected).toMatch(/^[0-9A-F]{64}$/);
  });

  it('sends the URLs comma-separated with the sub ids and a signature over every parameter', () => {
    const request = lazadaGetLinkRequest(
      'https://api.lazada.vn/rest',
      ['https://www.lazada.vn/products/a-i1.html', 'https://www.lazada.vn/products/b-i2.html'],
      ['fb'],
      { appKey: '105000', appSecret: 'secret', userToken: 'user-token' },
      1700000000000,
    );
    const url = new URL(request.url);
    expect(url.pathname).toBe('/rest/marketing/getlink');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ inputType: 'url', subId1: 'fb', userToken: 'user-token', sign_method: 'sha256' });
    expect(params.inputValue.split(',')).toHaveLength(2);
    expect(params.sign).toBe(lazadaSign('secret', '/marketing/getlink', params));
  });

  it('reads per-URL links and per-URL errors, and maps the error envelope', () => {
    const urls = ['https://www.lazada.vn/products/a-i1.html', 'https://www.lazada.vn/products/b-i2.html'];
    const result = parseLazadaGetLink(
      {
        status: 200,
        contentType: 'application/json',
        text: JSON.stringify({
          code: '0',
          result: {
            data: {
              urlBatchGetLinkInfoList: [{ originalUrl: urls[0], regularPromotionLink: 'https://c.lazada.vn/t/c.Ab' }],
              errorInfoList: [{ inputValue: urls[1], errorCode: '2001', errorMsg: 'not found' }],
            },
          },
        }),
      },
      urls,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.get(urls[0])).toEqual({ ok: true, url: 'https://c.lazada.vn/t/c.Ab' });
    expect(result.value.get(urls[1])).toMatchObject({ ok: false, failure: { code: 'upstream_rejected' } });
    expect(lazadaFailure('IllegalAccessToken').code).toBe('invalid_upstream_credentials');
    expect(lazadaFailure('IncompleteSignature').code).toBe('invalid_upstream_credentials');
    expect(lazadaFailure('ApiCallLimit').code).toBe('upstream_rate_limited');
    expect(lazadaFailure('ServiceTimeout').code).toBe('upstream_unavailable');
    expect(lazadaFailure('InvalidParameter').code).toBe('upstream_rejected');
  });
});
