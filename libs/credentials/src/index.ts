export { ApiCredentialsGuard, type AuthenticatedRequest, requireScope } from './api-credentials.guard';
export { RequiresScope, SCOPES, type Scope } from './scopes';
export { CREDENTIAL_MIGRATIONS } from './migrations';
export { AuthFailed, CredentialsRegenerated, IntegrationKeyCreated, IntegrationKeyRevoked } from './credential-events';
export { Credential } from './credential.entity';
export { CredentialsModule } from './credentials.module';
export {
  CredentialsService,
  type IntegrationKeyInput,
  type IntegrationKeyView,
  MAX_GRACE_SECONDS,
} from './credentials.service';
export type { Principal } from './principal';
export { credentialsConfig } from './credentials.config';
