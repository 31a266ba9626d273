import { itReturnsEach } from '@app/common/testing';
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

  // The api's paths (true), and paths that may be codes (false).
  itReturnsEach(isReservedPath, [
    ['/', true],
    ['/api/convert', true],
    ['/API/convert', true],
    ['/account', true],
    ['/admin/members', true],
    ['/docs', true],
    ['/docs/openapi.json', true],
    ['/health', true],
    ['/metrics', true],
    ['/assets/app.css', true],
    ['/signup', true],
    ['/login', true],
    ['/favicon.ico', true],
    ['/Abc7xyz', false],
    ['/apix', false],
    ['/s/Abc7xyz', false],
    ['/healthy', false],
  ]);

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
