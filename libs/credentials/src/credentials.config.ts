import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { configNamespace, toInt } from '@app/common';

/** Settings of the API credentials. */
export class CredentialsConfig {
  /** How long a verified pair is trusted from the in-process cache. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  CREDENTIAL_CACHE_TTL_MS = 30_000;
}

export const credentialsConfig = configNamespace('credentials', CredentialsConfig);
