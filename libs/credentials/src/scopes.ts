import { SetMetadata } from '@nestjs/common';

/** What a key may do: the one list the key routes, the guard, OpenAPI and docs derive from. */
export const SCOPES = [
  'convert',
  'links:write',
  'analytics:read',
  'reports:write',
  'products:read',
  'webhooks:write',
  'audit:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export const SCOPE_METADATA = 'credentials:scope';

/**
 * The scope a key route needs (`ApiCredentialsGuard` refuses a scoped key without it: 403 `insufficient_scope`).
 * A main pair (no scopes) has every right.
 */
export const RequiresScope = (scope: Scope) => SetMetadata(SCOPE_METADATA, scope);
