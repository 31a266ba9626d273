import type { Principal } from './principal';

interface Entry {
  principal: Principal;
  expiresAtMs: number;
}

/**
 * Verified pairs, keyed by the keyed hash of key+token (so only a fully correct pair can ever hit),
 * bounded in size and time. Dropped per member when that member's pairs change.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 10_000) {}

  get(pairHash: string, nowMs: number): Principal | undefined {
    const entry = this.entries.get(pairHash);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(pairHash);
      return undefined;
    }
    return entry.principal;
  }

  set(pairHash: string, principal: Principal, expiresAtMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(pairHash, { principal, expiresAtMs });
  }

  clear(): void {
    this.entries.clear();
  }

  /** How many verified pairs of the member are cached. */
  countMember(memberId: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.principal.memberId === memberId) count += 1;
    return count;
  }

  dropMember(memberId: string): void {
    for (const [hash, entry] of this.entries) {
      if (entry.principal.memberId === memberId) this.entries.delete(hash);
    }
  }
}
