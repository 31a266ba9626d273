/**
 * A wrong key/token pair was presented to `ApiCredentialsGuard`. Emitted with `emitAsync` and awaited before the
 * 401 goes out, so what a listener counts (the abuse lib's failed-auth ban) applies to the very next call.
 * Carries a preview of the key only when the key has the valid shape, never the key or the token.
 */
export class AuthFailed {
  static readonly event = 'credentials.auth-failed';

  constructor(
    /** The client's address as the app sees it (`req.ip`, behind TRUST_PROXY). */
    readonly ip: string | undefined,
    readonly path: string,
    readonly userAgent: string | undefined,
    readonly keyPreview: string | null,
  ) {}
}

/**
 * A member got a new key/token pair (committed). The pairs they had keep working `graceSeconds` (0: revoked now).
 * Emitted by `CredentialsService.issue` with `emitAsync` and awaited: the member's cached verifications are
 * dropped here and on every other instance before the new pair is handed out.
 */
export class CredentialsRegenerated {
  static readonly event = 'credentials.regenerated';

  constructor(
    readonly memberId: string,
    readonly keyPreview: string,
    readonly graceSeconds: number,
  ) {}
}

/**
 * A key per integration was made (committed): its id, preview, name and scopes, never its token. Emitted by
 * `CredentialsService.createKey` with `emitAsync` and awaited (the audit log records it before the answer).
 */
export class IntegrationKeyCreated {
  static readonly event = 'credentials.key-created';

  constructor(
    readonly memberId: string,
    readonly keyId: string,
    readonly keyPreview: string,
    readonly name: string,
    readonly scopes: readonly string[],
  ) {}
}

/** A key per integration was revoked (committed), by `CredentialsService.revokeKey`; emitted like the above. */
export class IntegrationKeyRevoked {
  static readonly event = 'credentials.key-revoked';

  constructor(
    readonly memberId: string,
    readonly keyId: string,
    readonly keyPreview: string,
  ) {}
}
