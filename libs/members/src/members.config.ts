import { configNamespace, keySecret, matches, optional, secret, settingsTable, textSecret } from '@app/common';

/** 32 bytes in base64 or base64url, with or without the padding. */
export const SETTINGS_KEY_SHAPE = /^[A-Za-z0-9+/_-]{43}=?$/;

/** Settings of the member accounts: the keys of their passwords and of their saved secrets. */
export class MembersConfig extends settingsTable({
  /**
   * HMAC key of the password pre-hash. Required with `DATABASE_URL` (shared by every instance; an
   * existing deployment must add it); in embedded mode generated once into `DATA_DIR/password-pepper` (mode 600).
   * Changing or losing it makes every password made since unusable.
   */
  PASSWORD_PEPPER: secret(32),

  /**
   * AES-256-GCM key for the member secrets: 32 bytes, base64. Required with `DATABASE_URL` (`openssl rand -base64
   * 32`); in embedded mode generated once into `DATA_DIR/settings-encryption-key` (mode 600). Losing it loses the
   * saved secrets.
   */
  SETTINGS_ENCRYPTION_KEY: optional(matches(SETTINGS_KEY_SHAPE, 'must be 32 bytes, base64 encoded (44 characters)')),
}) {}

/** Where an embedded deployment keeps its generated SETTINGS_ENCRYPTION_KEY, under DATA_DIR. */
export const SETTINGS_KEY_FILE = 'settings-encryption-key';

export const membersConfig = configNamespace('members', MembersConfig, {
  secrets: [
    textSecret('PASSWORD_PEPPER', 'password-pepper'),
    keySecret('SETTINGS_ENCRYPTION_KEY', SETTINGS_KEY_FILE, SETTINGS_KEY_SHAPE),
  ],
});
