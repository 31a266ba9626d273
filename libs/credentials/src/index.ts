export {
  ApiCredentialsGuard,
  BODY_CREDENTIALS_DEPRECATION,
  CredentialFailureListener,
  type AuthenticatedRequest,
} from './api-credentials.guard';
export { CredentialHasher, KEY_SHAPE, TOKEN_SHAPE, keyPreview, type IssuedPair } from './credential-crypto';
export { Credential } from './credential.entity';
export { CredentialsModule } from './credentials.module';
export { CredentialsService, MAX_GRACE_SECONDS, type CredentialSummary } from './credentials.service';
export type { Principal } from './principal';
export { CredentialInvalidation, INVALIDATION_CHANNEL, PG_INVALIDATION_CHANNEL } from './credential-invalidation';
export { CredentialsConfig, credentialsConfig } from './credentials.config';
