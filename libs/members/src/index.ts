export { Member, MEMBER_PLANS, MEMBER_ROLES, type MemberPlan, type MemberRole } from './member.entity';
export { MemberChanged, MemberDisabled, PasswordChanged } from './member-events';
export { membersConfig } from './members.config';
export { MembersModule } from './members.module';
export { MembersService, normalizeEmail, type MemberChanges } from './members.service';
export { PasswordHasher, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from './password-hasher';
export { MemberSecret } from './settings/member-secret.entity';
export {
  MARKETPLACE_SETTING_NAMES,
  type MarketplaceSettingName,
  type MemberMarketplaceSettings,
} from './settings/marketplace-setting-names';
export { MEMBER_SECRET_NAMES, type MemberSecretName } from './settings/member-secret-names';
export {
  AFFILIATE_ID_SHAPE,
  MAX_SUB_IDS,
  MemberSettingsService,
  SECRET_VALUE_SHAPE,
  SUB_ID_SHAPE,
  type MemberSettingsPatch,
  type MemberSettingsView,
} from './settings/member-settings.service';
export { MEMBER_MIGRATIONS } from './migrations';
export { SecretCipher } from './secret-cipher';
export { migrationSecretCipher, SecretCipherModule } from './secret-cipher.module';
