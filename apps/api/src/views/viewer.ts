/**
 * Who is looking: the signed-in member as the pages show them (the top bar, the admin link) and the CSRF token
 * every form of theirs sends. Controllers get it with `@Viewer()` (pages/viewer.decorator.ts).
 */
export interface Viewer {
  email: string;
  role: 'member' | 'admin';
  csrfToken: string;
}
