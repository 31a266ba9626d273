export { ApiCredentialsGuard, type AuthenticatedRequest } from './api-credentials.guard';
export { AuthFailed } from './credential-events';
export { Credential } from './credential.entity';
export { CredentialsModule } from './credentials.module';
export { CredentialsService, MAX_GRACE_SECONDS } from './credentials.service';
export type { Principal } from './principal';
export { credentialsConfig } from './credentials.config';
