/** What changed about a member, in `MemberChanged`. */
export type MemberChange = 'plan' | 'role' | 'enabled' | 'settings';

/**
 * A member's plan, role, enabled state or saved settings (defaults, marketplace codes, secrets) changed; emitted
 * by the members lib after the change is committed, with `emitAsync` and awaited, so what a listener does (the
 * credentials lib drops the member's cached verifications) is done before the caller answers.
 */
export class MemberChanged {
  static readonly event = 'members.changed';

  constructor(
    readonly memberId: string,
    readonly changes: readonly MemberChange[],
    /** With `settings`: the names of the settings saved (`affiliate_id`, `marketplace.<code>`, `secrets.<name>`), never a value. */
    readonly fields: readonly string[] = [],
  ) {}
}

/**
 * A member was disabled (committed; their session version already bumped): every way in must stop at once.
 * Emitted like `MemberChanged`, instead of it.
 */
export class MemberDisabled {
  static readonly event = 'members.disabled';

  constructor(readonly memberId: string) {}
}

/**
 * A member's password was replaced (committed; their session version bumped). Emitted by
 * `MembersService.setPassword` with `emitAsync` and awaited. Carries no password, old or new.
 */
export class PasswordChanged {
  static readonly event = 'members.password-changed';

  constructor(readonly memberId: string) {}
}
