/**
 * Who is looking: the signed-in member as the pages show them (the top bar, the admin link) and the CSRF token
 * every form of theirs sends. Controllers get it with `@Viewer()` (pages/viewer.decorator.ts).
 */
export interface Viewer {
  email: string;
  role: 'member' | 'admin';
  csrfToken: string;
  /** The member's webhook endpoints turned off after failing (the account frame's banner). */
  disabledWebhooks?: readonly DisabledWebhook[];
}

/** A webhook endpoint turned off, as the account pages' notice shows it. */
export interface DisabledWebhook {
  id: string;
  url: string;
  disabled_reason: string | null;
}
