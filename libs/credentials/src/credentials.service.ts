import { Injectable, Inject } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock, IpRangeList } from '@app/common';
import { type Member, MembersService } from '@app/members';
import { DataSource, IsNull, Not } from 'typeorm';
import { CredentialCache } from './credential-cache';
import { CredentialHasher, IssuedPair, KEY_SHAPE, TOKEN_SHAPE, keyPreview, newPair } from './credential-crypto';
import { Credential } from './credential.entity';
import { CredentialsRegenerated, IntegrationKeyCreated, IntegrationKeyRevoked } from './credential-events';
import { CredentialInvalidation } from './credential-invalidation';
import type { Principal } from './principal';
import type { Scope } from './scopes';
import { credentialsConfig, CredentialsConfig } from './credentials.config';

export const MAX_GRACE_SECONDS = 86_400;
/** Keys per integration one member may hold (beside the main pair). */
export const MAX_INTEGRATION_KEYS = 20;

function integrationKeyView(row: Credential): IntegrationKeyView {
  return {
    id: row.id,
    name: row.name ?? '',
    key_preview: row.keyPreview,
    scopes: row.scopes ?? [],
    allowed_ips: row.allowedIps ? row.allowedIps.split(',') : [],
    expires_at: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

interface VerifyRow {
  id: string;
  member_id: string;
  token_hash: string;
  key_preview: string;
  expires_at: Date | null;
  scopes: string[] | null;
  allowed_ips: string | null;
}

/** A key per integration as the account shows it: never a hash or a token. */
export interface IntegrationKeyView {
  id: string;
  name: string;
  key_preview: string;
  scopes: string[];
  allowed_ips: string[];
  expires_at: string | null;
  created_at: string;
}

export interface IntegrationKeyInput {
  name: string;
  scopes: Scope[];
  expiresAt?: Date | null;
  /** CIDR ranges or addresses; empty or absent: any address. */
  allowedIps?: string[];
}

/** What the account page shows about a member's pairs: never a hash, never a token. */
export interface CredentialSummary {
  /** The pair in use (the newest one without an end date), or null before the first one is made. */
  current: { keyPreview: string; createdAt: Date } | null;
  /** Older pairs still working during their grace period. */
  expiring: Array<{ keyPreview: string; createdAt: Date; expiresAt: Date }>;
}

/** A digest that matches no token: compared against when the key is unknown, so both failures cost the same. */
const NO_TOKEN_HASH = '0'.repeat(64);

@Injectable()
export class CredentialsService {
  private readonly cache = new CredentialCache(() => this.clock.now().getTime());

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly members: MembersService,
    private readonly hasher: CredentialHasher,
    private readonly clock: Clock,
    @Inject(credentialsConfig.KEY) private readonly config: CredentialsConfig,
    private readonly invalidation: CredentialInvalidation,
    private readonly events: EventEmitter2,
  ) {
    invalidation.onInvalidate((memberId) => this.cache.dropMember(memberId));
    invalidation.onResync(() => this.cache.clear());
  }

  /**
   * Creates a new pair for the member. Pairs that were working keep working for `graceSeconds`
   * (0 revokes them now). Once committed, emits `CredentialsRegenerated` and waits for its listeners (this lib's
   * `CredentialCacheListener` drops the member's cached verifications everywhere). Returns the pair in clear
   * text: the only time the token exists outside the caller.
   */
  async issue(memberId: string, graceSeconds = 0): Promise<IssuedPair & { credential: Credential }> {
    const grace = Math.max(0, Math.min(MAX_GRACE_SECONDS, Math.floor(graceSeconds)));
    const pair = newPair();
    const credential = await this.db.transaction(async (manager) => {
      const repo = manager.getRepository(Credential);
      const now = this.clock.now();
      if (grace === 0) {
        await repo.update({ memberId, revokedAt: IsNull(), name: IsNull() }, { revokedAt: now });
      } else {
        await manager.query(
          `UPDATE credentials SET expires_at = LEAST(COALESCE(expires_at, 'infinity'::timestamptz), $2)
            WHERE member_id = $1 AND revoked_at IS NULL AND name IS NULL`,
          [memberId, new Date(now.getTime() + grace * 1000)],
        );
      }
      return repo.save(repo.create(this.rowOf(memberId, pair, {})));
    });
    await this.events.emitAsync(
      CredentialsRegenerated.event,
      new CredentialsRegenerated(memberId, credential.keyPreview, grace),
    );
    return { ...pair, credential };
  }

  /**
   * The member behind a key/token pair, or null when the pair is wrong, revoked, expired or its member
   * disabled. Which part was wrong is not told, and both cases cost one query and one HMAC comparison (the
   * member is read only for a right pair).
   */
  async verify(apiKey: string, apiToken: string): Promise<Principal | null> {
    if (!KEY_SHAPE.test(apiKey) || !TOKEN_SHAPE.test(apiToken)) return null;
    const nowMs = this.clock.now().getTime();
    const pairHash = CredentialHasher.pairCacheKey(apiKey, apiToken);
    // The cache is trusted only while this instance hears the other instances' invalidations.
    const useCache = this.invalidation.live;
    const cached = useCache ? this.cache.get(pairHash) : undefined;
    if (cached) return cached;

    const rows: VerifyRow[] = await this.db.query(
      `SELECT id, member_id, token_hash, key_preview, expires_at, scopes, allowed_ips FROM credentials
        WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [this.hasher.hash(apiKey), new Date(nowMs)],
    );
    const row = rows[0];
    const tokenMatches = CredentialHasher.same(this.hasher.hash(apiToken), row?.token_hash ?? NO_TOKEN_HASH);
    if (!row || !tokenMatches) return null;
    // The member's plan and settings come from the members lib (which owns them); a disabled member's pair fails.
    const member = await this.members.findById(row.member_id);
    if (!member || member.disabledAt !== null) return null;

    const principal: Principal = {
      memberId: row.member_id,
      credentialId: row.id,
      keyPreview: row.key_preview,
      plan: member.plan,
      role: member.role,
      defaultAffiliateId: member.defaultAffiliateId,
      defaultSubIds: member.defaultSubIds ?? [],
      marketplaceSettings: member.marketplaceSettings ?? {},
      // A key per integration's limits, held by the cached principal: the guard checks them in memory.
      ...(row.scopes ? { scopes: new Set(row.scopes as Scope[]) } : {}),
      ...(row.allowed_ips ? { allowedIps: new IpRangeList(row.allowed_ips) } : {}),
    };
    const expiresAtMs = Math.min(
      nowMs + this.config.CREDENTIAL_CACHE_TTL_MS,
      row.expires_at ? new Date(row.expires_at).getTime() : Number.POSITIVE_INFINITY,
    );
    if (useCache && expiresAtMs > nowMs) this.cache.set(pairHash, principal, expiresAtMs);
    return principal;
  }

  /**
   * The caller of a logged-in member's own calls from the account page (the playground, `POST /account/convert`):
   * the member's current pair (so the call is counted against that key's and the member's limits), or, before
   * the member has one, a per-member stand-in (`account:<member id>`). The token is never involved.
   */
  async sessionPrincipal(member: Member): Promise<Principal> {
    const current = await this.db.getRepository(Credential).findOne({
      where: { memberId: member.id, revokedAt: IsNull(), expiresAt: IsNull(), name: IsNull() },
      order: { createdAt: 'DESC' },
    });
    return {
      memberId: member.id,
      credentialId: current?.id ?? `account:${member.id}`,
      keyPreview: current?.keyPreview ?? 'account',
      plan: member.plan,
      role: member.role,
      defaultAffiliateId: member.defaultAffiliateId,
      defaultSubIds: member.defaultSubIds ?? [],
      marketplaceSettings: member.marketplaceSettings ?? {},
    };
  }

  /**
   * A named key per integration, beside the main pair (which regenerating leaves alone): its scopes, optional
   * expiry and client addresses. Returns the pair in clear text, the only time.
   */
  async createKey(memberId: string, input: IntegrationKeyInput): Promise<IssuedPair & { key: IntegrationKeyView }> {
    if (input.expiresAt && input.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new AppException('invalid_request', 'expires_at must be in the future', { field: 'expires_at' });
    }
    const keys = await this.db
      .getRepository(Credential)
      .count({ where: { memberId, revokedAt: IsNull(), name: Not(IsNull()) } });
    if (keys >= MAX_INTEGRATION_KEYS) {
      throw new AppException(
        'quota_exceeded',
        `You have ${keys} keys per integration, the most a member may have; revoke one first`,
      );
    }
    const pair = newPair();
    const repo = this.db.getRepository(Credential);
    const saved = await repo.save(
      repo.create(
        this.rowOf(memberId, pair, {
          expiresAt: input.expiresAt ?? null,
          name: input.name,
          scopes: [...new Set(input.scopes)],
          allowedIps: input.allowedIps && input.allowedIps.length > 0 ? input.allowedIps.join(',') : null,
        }),
      ),
    );
    await this.events.emitAsync(
      IntegrationKeyCreated.event,
      new IntegrationKeyCreated(memberId, saved.id, saved.keyPreview, saved.name ?? '', saved.scopes ?? []),
    );
    return { ...pair, key: integrationKeyView(saved) };
  }

  /** A new pair's row: only the keyed hashes and the key's preview are kept. */
  private rowOf(memberId: string, pair: IssuedPair, extra: Partial<Credential>): Partial<Credential> {
    return {
      memberId,
      keyHash: this.hasher.hash(pair.apiKey),
      tokenHash: this.hasher.hash(pair.apiToken),
      keyPreview: keyPreview(pair.apiKey),
      revokedAt: null,
      expiresAt: null,
      ...extra,
    };
  }

  /** The member's keys per integration that still work, newest first. */
  async listKeys(memberId: string): Promise<IntegrationKeyView[]> {
    const rows = await this.workingCredentials(memberId, 'keys', this.clock.now());
    return rows.map(integrationKeyView);
  }

  /** Revokes a key per integration now, here and on every instance (404 `not_found` when it is not the member's). */
  async revokeKey(memberId: string, id: string): Promise<void> {
    const found = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.db
          .getRepository(Credential)
          .findOne({ where: { id, memberId, revokedAt: IsNull(), name: Not(IsNull()) } })
      : null;
    if (!found) throw new AppException('not_found', 'No such key');
    await this.db.getRepository(Credential).update({ id }, { revokedAt: this.clock.now() });
    await this.forgetMember(memberId);
    await this.events.emitAsync(IntegrationKeyRevoked.event, new IntegrationKeyRevoked(memberId, id, found.keyPreview));
  }

  /** The member's working pairs, as previews and dates. */
  /** A member's latest `limit` pairs, newest first, whatever their state (the admin's member page). */
  latestOf(memberId: string, limit: number): Promise<Credential[]> {
    return this.db.getRepository(Credential).find({ where: { memberId }, order: { createdAt: 'DESC' }, take: limit });
  }

  async summary(memberId: string): Promise<CredentialSummary> {
    const rows = await this.workingCredentials(memberId, 'pairs', this.clock.now());
    const current = rows.find((row) => row.expiresAt === null);
    return {
      current: current ? { keyPreview: current.keyPreview, createdAt: current.createdAt } : null,
      expiring: rows
        .filter((row) => row.expiresAt !== null)
        .map((row) => ({ keyPreview: row.keyPreview, createdAt: row.createdAt, expiresAt: row.expiresAt! })),
    };
  }

  /**
   * The member's credentials that still work at `now` (not revoked, not expired), newest first: its keys per
   * integration (named) or its pairs (unnamed).
   */
  private workingCredentials(memberId: string, kind: 'keys' | 'pairs', now: Date): Promise<Credential[]> {
    return this.db
      .getRepository(Credential)
      .createQueryBuilder('credential')
      .where('credential.member_id = :memberId', { memberId })
      .andWhere('credential.revoked_at IS NULL')
      .andWhere(kind === 'keys' ? 'credential.name IS NOT NULL' : 'credential.name IS NULL')
      .andWhere('(credential.expires_at IS NULL OR credential.expires_at > :now)', { now })
      .orderBy('credential.created_at', 'DESC')
      .getMany();
  }

  /**
   * Forgets cached verifications of a member, here and on every other instance. `CredentialCacheListener` calls
   * it on the events that change what a pair carries (regeneration or revocation, a plan, role, enabled-state or
   * settings change, the member disabled), after the change is committed.
   */
  async forgetMember(memberId: string): Promise<void> {
    this.cache.dropMember(memberId);
    await this.invalidation.announce(memberId);
  }

  /** How many verified pairs of the member this process has cached (for tests and diagnostics). */
  cachedPairsOf(memberId: string): number {
    return this.cache.countMember(memberId);
  }
}
