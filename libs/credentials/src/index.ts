export { ApiCredentialsGuard, BODY_CREDENTIALS_DEPRECATION, type AuthenticatedRequest } from './api-credentials.guard';
export { CredentialHasher, KEY_SHAPE, TOKEN_SHAPE, keyPreview, type IssuedPair } from './credential-crypto';
export { Credential } from './credential.entity';
export { CredentialsModule } from './credentials.module';
export { CredentialsService, MAX_GRACE_SECONDS } from './credentials.service';
export type { Principal } from './principal';
