/**
 * A member logged in (committed: the new session is saved), or signed up (`sign-up`: the account's first session).
 * Emitted by `SessionsService.start` with `emitAsync` and awaited, with the client's address (`req.ip`, behind
 * TRUST_PROXY) and user agent as the request gave them: the audit log records a login from a new address.
 */
export class MemberLoggedIn {
  static readonly event = 'auth.logged-in';

  constructor(
    readonly memberId: string,
    readonly ip: string | undefined,
    readonly userAgent: string | undefined,
    readonly how: 'login' | 'sign-up',
  ) {}
}
