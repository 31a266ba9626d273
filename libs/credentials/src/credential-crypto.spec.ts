import { CredentialHasher, KEY_SHAPE, TOKEN_SHAPE, keyPreview, newPair, randomBase62 } from './credential-crypto';

describe('credential crypto', () => {
  it('makes pairs of the documented shape, different every time', () => {
    const pairs = Array.from({ length: 200 }, newPair);
    for (const { apiKey, apiToken } of pairs) {
      expect(apiKey).toMatch(KEY_SHAPE);
      expect(apiToken).toMatch(TOKEN_SHAPE);
    }
    expect(new Set(pairs.map((p) => p.apiKey)).size).toBe(200);
  });

  it('uses the whole base62 alphabet', () => {
    expect(new Set(randomBase62(20_000)).size).toBe(62);
  });

  it('previews a key without revealing it', () => {
    const key = 'sk_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    expect(keyPreview(key)).toBe('sk_ABCD…2345');
  });

  it('hashes with the secret: another secret gives another digest', () => {
    const a = new CredentialHasher('a'.repeat(32));
    const b = new CredentialHasher('b'.repeat(32));
    expect(a.hash('sk_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash('sk_x')).not.toBe(b.hash('sk_x'));
    expect(CredentialHasher.same(a.hash('v'), a.hash('v'))).toBe(true);
    expect(CredentialHasher.same(a.hash('v'), a.hash('w'))).toBe(false);
  });
});
