import { LRUCache } from 'lru-cache';
import type { Principal } from './principal';

/**
 * Verified pairs, keyed by the keyed hash of key+token (so only a fully correct pair can ever hit),
 * bounded in size (least recently used first out) and time (each entry until its own expiry, read on the
 * injected clock). Dropped per member when that member's pairs change.
 */
export class CredentialCache {
  private readonly entries: LRUCache<string, Principal>;

  constructor(
    private readonly now: () => number,
    maxEntries = 10_000,
  ) {
    // ttlResolution 0: read the clock on every check (a clock moved by a test is seen at once).
    this.entries = new LRUCache({ max: maxEntries, perf: { now }, ttlResolution: 0 });
  }

  get(pairHash: string): Principal | undefined {
    return this.entries.get(pairHash);
  }

  /** Caches the pair until `expiresAtMs` (exclusive); nothing is cached for a time already past. */
  set(pairHash: string, principal: Principal, expiresAtMs: number): void {
    const ttl = expiresAtMs - this.now() - 1;
    if (ttl > 0) this.entries.set(pairHash, principal, { ttl });
  }

  clear(): void {
    this.entries.clear();
  }

  /** How many verified pairs of the member are cached. */
  countMember(memberId: string): number {
    return this.keysOf(memberId).length;
  }

  dropMember(memberId: string): void {
    for (const hash of this.keysOf(memberId)) this.entries.delete(hash);
  }

  private keysOf(memberId: string): string[] {
    return [...this.entries.entries()].filter(([, principal]) => principal.memberId === memberId).map(([k]) => k);
  }
}
