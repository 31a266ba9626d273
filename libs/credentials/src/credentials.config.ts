import { configNamespace, int, secret, settingsTable, textSecret } from '@app/common';

/** Settings of the API credentials. */
export class CredentialsConfig extends settingsTable({
  /**
   * HMAC key for API keys/tokens. Required with `DATABASE_URL`; in embedded mode generated once
   * into `DATA_DIR/credentials-secret` (mode 600).
   */
  CREDENTIALS_SECRET: secret(32),

  /** How long a verified pair is trusted from the in-process cache. */
  CREDENTIAL_CACHE_TTL_MS: int(30_000, 0, 600_000),
}) {}

export const credentialsConfig = configNamespace('credentials', CredentialsConfig, {
  secrets: [textSecret('CREDENTIALS_SECRET', 'credentials-secret')],
});
