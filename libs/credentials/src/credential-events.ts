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
