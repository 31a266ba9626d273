import { configNamespace, IntSetting } from '@app/common';

/** Settings of the API credentials. */
export class CredentialsConfig {
  /** How long a verified pair is trusted from the in-process cache. */
  @IntSetting(0, 600_000)
  CREDENTIAL_CACHE_TTL_MS = 30_000;
}

export const credentialsConfig = configNamespace('credentials', CredentialsConfig);
