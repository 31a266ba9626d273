import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException } from '@app/common';
import { SecretCipher } from '../secret-cipher';
import { DataSource, In } from 'typeorm';
import { Member } from '../member.entity';
import { MemberChanged } from '../member-events';
import { MemberSecret } from './member-secret.entity';
import { MEMBER_SECRET_NAMES, type MemberSecretName } from './member-secret-names';
import {
  MARKETPLACE_CODE_SHAPE,
  MARKETPLACE_SETTING_NAMES,
  type MarketplaceSettingName,
  type MemberMarketplaceSettings,
} from './marketplace-setting-names';
import { secretPreview } from './secret-preview';

/** Same rules as the convert request (`affiliate_id`, `sub_ids`), so a saved default is always usable. */
export const AFFILIATE_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
export const SUB_ID_SHAPE = /^[A-Za-z0-9]{1,50}$/;
export const MAX_SUB_IDS = 5;
/** Visible ASCII only: every token and key of the services concerned fits, and nothing else gets in. */
export const SECRET_VALUE_SHAPE = /^[\x21-\x7e]{1,512}$/;

export interface SecretState {
  set: boolean;
  /** `abcd…wxyz`, `••••` for short values, null when not set. */
  preview: string | null;
  updated_at: Date | null;
}

export interface MemberSettingsView {
  affiliate_id: string | null;
  sub_ids: string[];
  /** Plain marketplace codes: every name present, null when not saved. */
  marketplace: Record<MarketplaceSettingName, string | null>;
  secrets: Record<MemberSecretName, SecretState>;
}

export interface MemberSettingsPatch {
  /** null clears the saved default. */
  affiliateId?: string | null;
  subIds?: string[];
  /** Normalised codes (the caller checks them against the adapters); null clears one; absent is left as it is. */
  marketplace?: Partial<Record<MarketplaceSettingName, string | null>>;
  /** A value replaces the saved one; null deletes it; an absent name is left as it is. */
  secrets?: Partial<Record<MemberSecretName, string | null>>;
}

/** What `context` a secret is sealed under: a sealed value only opens for its own member and name. */
function sealContext(memberId: string, name: MemberSecretName): string {
  return `member_secrets:${memberId}:${name}`;
}

/** The names of what a patch saves or clears (`secrets.<name>`), for `MemberChanged`: never a value. */
function settingNames(patch: MemberSettingsPatch): string[] {
  return [
    ...(patch.affiliateId !== undefined ? ['affiliate_id'] : []),
    ...(patch.subIds !== undefined ? ['sub_ids'] : []),
    ...Object.keys(patch.marketplace ?? {}).map((name) => `marketplace.${name}`),
    ...Object.keys(patch.secrets ?? {}).map((name) => `secrets.${name}`),
  ];
}

/**
 * A member's saved defaults (`affiliate_id`, `sub_ids`) and secrets. Secrets are sealed with `SecretCipher`
 * before they reach the database, shown only as previews, and opened only by `secret()` for the modes that
 * call outside services on the member's behalf.
 */
@Injectable()
export class MemberSettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: SecretCipher,
    private readonly events: EventEmitter2,
  ) {}

  async view(memberId: string): Promise<MemberSettingsView> {
    const member = await this.db.getRepository(Member).findOneBy({ id: memberId });
    if (!member) throw new AppException('not_found', 'No such member');
    const rows = await this.db.getRepository(MemberSecret).findBy({ memberId });
    const secrets = Object.fromEntries(
      MEMBER_SECRET_NAMES.map((name) => [name, { set: false, preview: null, updated_at: null }]),
    ) as Record<MemberSecretName, SecretState>;
    for (const row of rows) {
      if (!(row.name in secrets)) continue;
      secrets[row.name] = {
        set: true,
        preview: secretPreview(this.cipher.open(row.encryptedValue, sealContext(memberId, row.name))),
        updated_at: row.updatedAt,
      };
    }
    const saved: MemberMarketplaceSettings = member.marketplaceSettings ?? {};
    const marketplace = Object.fromEntries(
      MARKETPLACE_SETTING_NAMES.map((name) => [name, saved[name] ?? null]),
    ) as Record<MarketplaceSettingName, string | null>;
    return { affiliate_id: member.defaultAffiliateId, sub_ids: member.defaultSubIds ?? [], marketplace, secrets };
  }

  /**
   * Applies a validated patch in one transaction, then emits `MemberChanged` (`settings`) and waits for its
   * listeners: the saved defaults travel with verified API credentials, whose cache is dropped.
   */
  async update(memberId: string, patch: MemberSettingsPatch): Promise<void> {
    this.check(patch);
    await this.db.transaction(async (manager) => {
      const defaults: Partial<Member> = {};
      if (patch.affiliateId !== undefined) defaults.defaultAffiliateId = patch.affiliateId;
      if (patch.subIds !== undefined) defaults.defaultSubIds = patch.subIds;
      if (Object.keys(defaults).length > 0) {
        const result = await manager.getRepository(Member).update({ id: memberId }, defaults);
        if (!result.affected) throw new AppException('not_found', 'No such member');
      }
      const marketplace = Object.entries(patch.marketplace ?? {}) as Array<[MarketplaceSettingName, string | null]>;
      if (marketplace.length > 0) {
        // Merged in SQL so two saves of different codes never undo each other.
        const set = Object.fromEntries(marketplace.filter(([, value]) => value !== null));
        const cleared = marketplace.filter(([, value]) => value === null).map(([name]) => name);
        const rows = await manager.query(
          `UPDATE members SET marketplace_settings = (marketplace_settings || $2::jsonb) - $3::text[], updated_at = now()
            WHERE id = $1 RETURNING id`,
          [memberId, JSON.stringify(set), cleared],
        );
        if (rows.length === 0) throw new AppException('not_found', 'No such member');
      }
      const secrets = manager.getRepository(MemberSecret);
      for (const [name, value] of Object.entries(patch.secrets ?? {}) as Array<[MemberSecretName, string | null]>) {
        if (value === null) {
          await secrets.delete({ memberId, name });
        } else {
          await manager.query(
            `INSERT INTO member_secrets (member_id, name, encrypted_value, updated_at) VALUES ($1, $2, $3, now())
             ON CONFLICT (member_id, name) DO UPDATE SET encrypted_value = EXCLUDED.encrypted_value, updated_at = now()`,
            [memberId, name, this.cipher.seal(value, sealContext(memberId, name))],
          );
        }
      }
    });
    await this.events.emitAsync(MemberChanged.event, new MemberChanged(memberId, ['settings'], settingNames(patch)));
  }

  /** The member's decrypted secret, or null when not saved. For the modes that need it; never for a response. */
  async secret(memberId: string, name: MemberSecretName): Promise<string | null> {
    const row = await this.db.getRepository(MemberSecret).findOneBy({ memberId, name });
    return row ? this.cipher.open(row.encryptedValue, sealContext(memberId, name)) : null;
  }

  /** Several of the member's decrypted secrets in one query; names not saved are absent. */
  async secrets<N extends MemberSecretName>(
    memberId: string,
    names: readonly N[],
  ): Promise<Partial<Record<N, string>>> {
    if (names.length === 0) return {};
    const rows = await this.db.getRepository(MemberSecret).findBy({ memberId, name: In([...names]) });
    const values: Partial<Record<N, string>> = {};
    for (const row of rows)
      values[row.name as N] = this.cipher.open(row.encryptedValue, sealContext(memberId, row.name));
    return values;
  }

  /** The members (of active accounts) who saved every one of these secrets: the scheduled pulls of order reports. */
  async memberIdsWithSecrets(names: readonly MemberSecretName[]): Promise<string[]> {
    const rows: Array<{ member_id: string }> = await this.db.query(
      `SELECT s.member_id FROM member_secrets s JOIN members m ON m.id = s.member_id
        WHERE s.name = ANY($1::text[]) AND m.disabled_at IS NULL
        GROUP BY s.member_id HAVING count(DISTINCT s.name) = $2 ORDER BY s.member_id`,
      [[...names], names.length],
    );
    return rows.map((row) => row.member_id);
  }

  /** The rules again, for callers other than the HTTP layer (which validates the same way first). */
  private check(patch: MemberSettingsPatch): void {
    if (patch.affiliateId != null && !AFFILIATE_ID_SHAPE.test(patch.affiliateId)) {
      throw new AppException('invalid_request', 'affiliate_id must be 1 to 64 letters, digits, "_" or "-"', {
        field: 'affiliate_id',
      });
    }
    if (patch.subIds !== undefined) {
      if (patch.subIds.length > MAX_SUB_IDS || !patch.subIds.every((subId) => SUB_ID_SHAPE.test(subId))) {
        throw new AppException('invalid_request', 'sub_ids must be at most 5 values of 1 to 50 letters or digits', {
          field: 'sub_ids',
        });
      }
    }
    for (const [name, value] of Object.entries(patch.marketplace ?? {})) {
      if (!(MARKETPLACE_SETTING_NAMES as readonly string[]).includes(name)) {
        throw new AppException('invalid_request', `Unknown setting: ${name.slice(0, 64)}`, {
          field: name.slice(0, 64),
        });
      }
      if (value !== null && (typeof value !== 'string' || !MARKETPLACE_CODE_SHAPE.test(value))) {
        throw new AppException('invalid_request', `${name} must be 1 to 64 letters, digits, "_" or "-"`, {
          field: name,
        });
      }
    }
    for (const [name, value] of Object.entries(patch.secrets ?? {})) {
      if (!(MEMBER_SECRET_NAMES as readonly string[]).includes(name)) {
        throw new AppException('invalid_request', `Unknown setting: ${name.slice(0, 64)}`, {
          field: name.slice(0, 64),
        });
      }
      if (value !== null && (typeof value !== 'string' || !SECRET_VALUE_SHAPE.test(value))) {
        throw new AppException('invalid_request', `${name} must be 1 to 512 visible ASCII characters`, { field: name });
      }
    }
  }
}
