import { unreservedCode } from './short-code';
import {
  isReservedCode,
  isReservedPath,
  reserveApiPaths,
  reservedPathPrefixes,
  shortBaseUrlProblem,
} from './reserved-paths';

describe('reserved paths (codes at the root of the api host)', () => {
  // What the api hands over (apps/api/src/api-paths.ts derives it from its routes; short-links-root.e2e-spec.ts).
  beforeAll(() =>
    reserveApiPaths([
      '/api/convert',
      '/account/login',
      '/admin/members/:id',
      '/docs',
      '/health/live',
      '/metrics',
      '/assets',
      '/signup',
      '/login',
      '/internal/tls/allowed',
      '/',
    ]),
  );

  it.each(['/', '/api/convert', '/API/convert', '/account', '/admin/members', '/docs', '/docs/openapi.json'])(
    '%s is the api’s',
    (path) => expect(isReservedPath(path)).toBe(true),
  );
  it.each(['/health', '/metrics', '/assets/app.css', '/signup', '/login', '/favicon.ico'])('%s is the api’s', (path) =>
    expect(isReservedPath(path)).toBe(true),
  );
  it.each(['/Abc7xyz', '/apix', '/s/Abc7xyz', '/healthy'])('%s may be a code', (path) =>
    expect(isReservedPath(path)).toBe(false),
  );

  it('never issues a reserved code: the generator draws again', () => {
    const draws = ['admin', 'Docs', 'ACCOUNT', 'Abc7xyz'];
    let calls = 0;
    expect(unreservedCode(() => draws[calls++])).toBe('Abc7xyz');
    expect(calls).toBe(4);
    for (const prefix of reservedPathPrefixes()) expect(isReservedCode(prefix)).toBe(true);
    expect(reservedPathPrefixes()).toEqual(expect.arrayContaining(['internal', 'favicon.ico', 'api']));
  });

  it('refuses a base URL that cannot work, naming the variable', () => {
    expect(shortBaseUrlProblem('http://localhost:3000/s')).toBeNull();
    expect(shortBaseUrlProblem('http://127.0.0.1:3000')).toBeNull();
    expect(shortBaseUrlProblem('https://sl.example/')).toBeNull();
    for (const bad of [
      'http://localhost:3000/api',
      'http://localhost:3000/Account/',
      'http://localhost:3000/s?x=1',
      'http://localhost:3000/s#top',
      'http://user:pw@localhost:3000/s',
    ]) {
      expect(shortBaseUrlProblem(bad)).toMatch(/^SHORT_LINK_BASE_URL/);
    }
  });
});
