/**
 * The api's own paths on its host: never a short code, and passed on to the api by the mounted redirector when
 * short links live at the root of the api's host (`SHORT_LINK_BASE_URL=http://127.0.0.1:3000`, as Kutt and
 * Shlink serve them). One set for the code generator, the redirector's dispatch and the start-up check, made of
 * the first path segments (compared without case: Express routes `/API/convert` like `/api/convert`).
 *
 * Not a hand list: the api derives it from the routes it registers and its static prefixes
 * (`apps/api/src/api-paths.ts`) and hands it over with `reserveApiPaths` before it serves or checks anything
 * (a test boots the api with codes at the root of its host and sends every route Express holds). Only what
 * browsers and crawlers ask any host for is written here.
 */
const HOST_PATHS: readonly string[] = ['favicon.ico', 'robots.txt', '.well-known'];

let reserved = new Set<string>(HOST_PATHS);

/** The first segment of a path (`/api/convert` → `api`), in lower case. */
function firstSegment(path: string): string {
  const start = path.startsWith('/') ? 1 : 0;
  const slash = path.indexOf('/', start);
  return (slash === -1 ? path.slice(start) : path.slice(start, slash)).toLowerCase();
}

/** The api's paths (`/api/convert`, `/assets`...): their first segments become reserved, with the host's own. */
export function reserveApiPaths(paths: Iterable<string>): void {
  const next = new Set<string>(HOST_PATHS);
  for (const path of paths) {
    const first = firstSegment(path);
    if (first !== '') next.add(first);
  }
  reserved = next;
}

/** The reserved first segments, sorted. */
export function reservedPathPrefixes(): string[] {
  return [...reserved].sort();
}

/** Whether a request path (`/api/convert`, `/`, `/Docs`) belongs to the api: the home page and every reserved prefix. */
export function isReservedPath(path: string): boolean {
  const first = firstSegment(path);
  return first === '' || reserved.has(first);
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
      `SHORT_LINK_BASE_URL's path ${prefix} is one of the api's own (${reservedPathPrefixes()
        .map((p) => `/${p}`)
        .join(', ')}): ` + 'use a path of its own such as /s, or the root of the host'
    );
  }
  return null;
}
