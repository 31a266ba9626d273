import { NoShortLinkTargets } from './short-link-target-policy';

describe('NoShortLinkTargets', () => {
  it('allows no target at all', () => {
    const policy = new NoShortLinkTargets();
    expect(policy.allows('https://shopee.vn/product/1/2')).toBe(false);
    expect(policy.allows('https://evil.example/x')).toBe(false);
  });
});
