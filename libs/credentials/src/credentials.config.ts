import { Transform } from 'class-transformer';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { configNamespace, emptyToUndefined, IntSetting, textSecret } from '@app/common';

/** Settings of the API credentials. */
export class CredentialsConfig {
  /**
   * HMAC key for API keys/tokens. Required with `DATABASE_URL`; in embedded mode generated once
   * into `DATA_DIR/credentials-secret` (mode 600).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CREDENTIALS_SECRET must be at least 32 characters' })
  CREDENTIALS_SECRET?: string;

  /** How long a verified pair is trusted from the in-process cache. */
  @IntSetting(0, 600_000)
  CREDENTIAL_CACHE_TTL_MS = 30_000;
}

export const credentialsConfig = configNamespace('credentials', CredentialsConfig, {
  secrets: [textSecret('CREDENTIALS_SECRET', 'credentials-secret')],
});
