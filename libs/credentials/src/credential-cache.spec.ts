import { CredentialCache } from './credential-cache';
import type { Principal } from './principal';

const principal = (memberId: string) => ({ memberId }) as Principal;

describe('CredentialCache', () => {
  let now: number;
  beforeEach(() => (now = 1_000_000));

  it('answers a pair until its expiry on the injected clock, not after', () => {
    const cache = new CredentialCache(() => now);
    cache.set('a', principal('m1'), now + 100);
    now += 99;
    expect(cache.get('a')?.memberId).toBe('m1');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', principal('m1'), now);
    expect(cache.get('b')).toBeUndefined();
  });

  it('holds at most maxEntries pairs and drops one member without touching the others', () => {
    const cache = new CredentialCache(() => now, 3);
    for (const [hash, member] of [
      ['a', 'm1'],
      ['b', 'm2'],
      ['c', 'm1'],
      ['d', 'm2'],
    ])
      cache.set(hash, principal(member), now + 1000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.countMember('m1')).toBe(1);
    expect(cache.countMember('m2')).toBe(2);
    cache.dropMember('m2');
    expect(cache.countMember('m2')).toBe(0);
    expect(cache.get('c')?.memberId).toBe('m1');
  });
});
