import { ShortLinkTargetPolicy } from './short-link-target-policy';

describe('ShortLinkTargetPolicy', () => {
  it('allows nothing until a check is registered, then exactly what the check allows', () => {
    const policy = new ShortLinkTargetPolicy();
    expect(policy.allows('https://shopee.vn/product/1/2')).toBe(false);
    policy.allowOnly((target) => new URL(target).hostname === 'shopee.vn');
    expect(policy.allows('https://shopee.vn/product/1/2')).toBe(true);
    expect(policy.allows('https://evil.example/x')).toBe(false);
  });
});
