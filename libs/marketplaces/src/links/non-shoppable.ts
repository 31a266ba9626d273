/**
 * Account, policy and help pages, on every marketplace's sites: recognised and counted, never converted
 * (`not_a_product`). Each adapter adds its own sections (cart, checkout...).
 */

/** Path segments (lower-case) that name an account, policy or help section, on any marketplace host. */
export const ACCOUNT_POLICY_HELP_SECTIONS: readonly string[] = [
  'account',
  'login',
  'signup',
  'register',
  'logout',
  'member',
  'user',
  'help',
  'helpcenter',
  'help-center',
  'policy',
  'policies',
  'legal',
  'legaldoc',
  'privacy',
  'terms',
];

/**
 * A policy page named by one slug (`/privacy-policy/`, `/terms-of-use/`), in the languages of the countries served:
 * Vietnamese `chinh-sach-…` (policy), `dieu-khoan-…` (terms), `bao-mat` (privacy); Indonesian and Malay
 * `kebijakan-…`, `privasi`, `syarat-dan-ketentuan`, `terma`; Thai and the others write these in English. Matched as
 * whole dash-separated words, so `policy` in a product or shop name's middle word does not count.
 */
const POLICY_SLUG =
  /(?:^|[-_.])(?:privacy|policy|policies|terms|legal|chinh-sach|dieu-khoan|bao-mat|kebijakan|privasi|syarat|ketentuan|terma)(?=$|[-_.])/i;

/** Whether a path segment names a policy page (`privacy-policy`, `chinh-sach-bao-mat`, `syarat-dan-ketentuan`...). */
export function isPolicySlug(segment: string): boolean {
  return POLICY_SLUG.test(segment);
}

/** Whether any segment of a path names an account, policy or help section or a policy page. */
export function isAccountPolicyOrHelpPath(segments: readonly string[], sections: ReadonlySet<string>): boolean {
  return segments.some((segment) => sections.has(segment.toLowerCase()) || isPolicySlug(segment));
}
