import { createHash } from 'node:crypto';
import {
  GENERATE_SHORT_LINK,
  parseShopeeShortLink,
  shopeeAuthorization,
  shopeeOpenApiRegion,
  shopeeShortLinkRequest,
} from './shopee-open-api';

describe('Shopee Affiliate Open API', () => {
  it('signs the official test vector (AppId 123456, Secret demo, Timestamp 1577836800)', () => {
    // The payload exactly as the documentation gives it: `\n` are a backslash and an n inside the JSON string.
    const payload = String.raw`{"query":"{\nbrandOffer{\n    nodes{\n        commissionRate\n        offerName\n    }\n}\n}"}`;
    expect(payload).toContain('\\n');
    expect(shopeeAuthorization('123456', 'demo', 1577836800, payload)).toBe(
      'SHA256 Credential=123456, Timestamp=1577836800, Signature=dc88d72feea70c80c52c3399751a7d34966763f51a7f056aa070a5e9df645412',
    );
  });

  it('signs the exact body it sends', () => {
    const request = shopeeShortLinkRequest(
      'https://open-api.affiliate.shopee.vn/graphql',
      'https://shopee.vn/product/1/2',
      ['fb', 'post1'],
      { appId: '998877', secret: 'app-secret' },
      1700000000,
    );
    const body = JSON.parse(request.body!);
    expect(body).toEqual({
      query: GENERATE_SHORT_LINK,
      operationName: 'generateShortLink',
      variables: { originUrl: 'https://shopee.vn/product/1/2', subIds: ['fb', 'post1'] },
    });
    const signature = createHash('sha256').update(`9988771700000000${request.body}app-secret`).digest('hex');
    expect(request.headers!.authorization).toBe(
      `SHA256 Credential=998877, Timestamp=1700000000, Signature=${signature}`,
    );
  });

  it('maps each documented error code, and reads the short link', () => {
    const answer = (body: unknown) =>
      parseShopeeShortLink({ status: 200, contentType: 'application/json', text: JSON.stringify(body) });
    const error = (code: number) =>
      answer({ data: null, errors: [{ message: 'x', extensions: { code, message: 'x' } }] });
    const codeOf = (code: number) => {
      const result = error(code);
      return result.ok ? null : result.failure.code;
    };
    expect(codeOf(10000)).toBe('upstream_unavailable');
    expect(codeOf(10010)).toBe('upstream_rejected');
    expect(codeOf(10020)).toBe('invalid_upstream_credentials');
    expect(codeOf(10030)).toBe('upstream_rate_limited');
    expect(codeOf(10031)).toBe('invalid_upstream_credentials');
    for (const code of [10032, 10033, 10034, 11000, 11001, 11002]) expect(codeOf(code)).toBe('upstream_rejected');
    expect(codeOf(10035)).toBe('invalid_upstream_credentials');
    expect(answer({ data: { generateShortLink: { shortLink: 'https://s.shopee.vn/AbC' } } })).toEqual({
      ok: true,
      value: { ok: true, url: 'https://s.shopee.vn/AbC' },
    });
    const unsafe = answer({ data: { generateShortLink: { shortLink: 'javascript:alert(1)' } } });
    expect(unsafe.ok ? null : unsafe.failure.code).toBe('upstream_unavailable');
  });

  it('finds the Open API of each site by its domain suffix', () => {
    expect(shopeeOpenApiRegion('vn')).toBe('vn');
    expect(shopeeOpenApiRegion('my')).toBe('com.my');
    expect(shopeeOpenApiRegion('co.th')).toBe('co.th');
    expect(shopeeOpenApiRegion('cl')).toBeNull();
  });
});
