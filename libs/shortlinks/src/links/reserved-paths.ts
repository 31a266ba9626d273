/**
 * The api's own paths on its host: never a short code, and passed on to the api by the mounted redirector when
 * short links live at the root of the api's host (`SHORT_LINK_BASE_URL=http://127.0.0.1:3000`, as Kutt and
 * Shlink serve them). One list for the code generator, the redirector's dispatch and the start-up check.
 * First path segments, compared without case (Express routes `/API/convert` like `/api/convert`).
 */
export const RESERVED_PATH_PREFIXES: readonly string[] = [
  'api',
  'account',
  'admin',
  'dashboard',
  'console',
  'docs',
  'health',
  'metrics',
  'assets',
  'signup',
  'login',
  'logout',
  'favicon.ico',
  'robots.txt',
];

const RESERVED = new Set(RESERVED_PATH_PREFIXES);

/** Whether a request path (`/api/convert`, `/`, `/Docs`) belongs to the api: the home page and every reserved prefix. */
export function isReservedPath(path: string): boolean {
  const slash = path.indexOf('/', 1);
  const first = (slash === -1 ? path.slice(1) : path.slice(1, slash)).toLowerCase();
  return first === '' || RESERVED.has(first);
}

/** Whether a code would shadow one of the api's paths if codes lived at the root of its host. */
export function isReservedCode(code: string): boolean {
  return isReservedPath(`/${code}`);
}

/**
 * Why `SHORT_LINK_BASE_URL` cannot work, or `null` when it can: no query, fragment or user info (a code is
 * appended to it), and a path that is not one of the api's (`http://host/api` would hide the api's routes).
 */
export function shortBaseUrlProblem(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `SHORT_LINK_BASE_URL must be an http(s) URL (got ${JSON.stringify(baseUrl.slice(0, 100))})`;
  }
  if (url.search || url.hash || baseUrl.includes('#') || baseUrl.includes('?')) {
    return 'SHORT_LINK_BASE_URL must have no query string or fragment: the code is appended to it';
  }
  if (url.username || url.password) return 'SHORT_LINK_BASE_URL must have no user name or password';
  const prefix = url.pathname.replace(/\/+$/, '');
  if (prefix !== '' && isReservedPath(prefix)) {
    return (
      `SHORT_LINK_BASE_URL's path ${prefix} is one of the api's own (${RESERVED_PATH_PREFIXES.map((p) => `/${p}`).join(', ')}): ` +
      'use a path of its own such as /s, or the root of the host'
    );
  }
  return null;
}
