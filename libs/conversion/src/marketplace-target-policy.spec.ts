import { MarketplaceTargetPolicy } from './marketplace-target-policy';

describe('MarketplaceTargetPolicy', () => {
  const policy = new MarketplaceTargetPolicy();

  it('allows the links of a supported marketplace (product and short links)', () => {
    expect(policy.allows('https://shopee.vn/product/1/2')).toBe(true);
    expect(policy.allows('https://s.shopee.vn/AbCdEf123')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(policy.allows('https://evil.example/x')).toBe(false);
    expect(policy.allows('https://shopee.vn.evil.example/product/1/2')).toBe(false);
    expect(policy.allows('not a url')).toBe(false);
  });
});
