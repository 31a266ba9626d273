import { normalizeCustomDomain } from './domain-name';

describe('normalizeCustomDomain', () => {
  it.each([
    ['go.example.com', 'go.example.com'],
    ['  GO.Example.COM. ', 'go.example.com'],
    ['https://links.shop.vn/', 'links.shop.vn'],
    ['example.com.vn', 'example.com.vn'],
    ['bücher.de', 'xn--bcher-kva.de'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeCustomDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it.each([
    '',
    '127.0.0.1',
    '[::1]',
    'localhost',
    'com',
    'com.vn',
    'example.com/path',
    'example.com:8080',
    'user@example.com',
    'exa mple.com',
    '-bad-.example.com',
    'example.invalidtld',
  ])('refuses %j', (input) => {
    expect(normalizeCustomDomain(input).ok).toBe(false);
  });

  it('refuses our own hosts and their subdomains', () => {
    expect(normalizeCustomDomain('sl.example.com', ['sl.example.com']).ok).toBe(false);
    expect(normalizeCustomDomain('x.sl.example.com', ['sl.example.com']).ok).toBe(false);
    expect(normalizeCustomDomain('other.example.com', ['sl.example.com']).ok).toBe(true);
  });
});
