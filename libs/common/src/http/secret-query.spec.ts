import { isSecretQueryName, redactUrl } from './secret-query';

describe('secret query names', () => {
  it.each([
    'api_key',
    'api_token',
    'apikey',
    'apitoken',
    'Api-Token',
    'x-api-token',
    'X_API_KEY',
    'apiToken',
    'key',
    'token',
    'access_token',
    'password',
    'secret',
    'api_token[]',
  ])('%s is one', (name) => {
    expect(isSecretQueryName(name)).toBe(true);
  });

  it.each(['email', 'page', 'mode', 'keyword', 'tokens_used', 'q'])('%s is not one', (name) => {
    expect(isSecretQueryName(name)).toBe(false);
  });

  it('masks their values in a URL and leaves the rest', () => {
    expect(redactUrl('/api/convert?Api-Token=tok_abc&x=1&api%5Fkey=sk_def&apiToken=tok_g')).toBe(
      '/api/convert?Api-Token=[Redacted]&x=1&api%5Fkey=[Redacted]&apiToken=[Redacted]',
    );
    expect(redactUrl('/admin/members?email=a%40b.co')).toBe('/admin/members?email=a%40b.co');
    expect(redactUrl('/health')).toBe('/health');
    // Names are matched as the app decodes them: percent-encoding and `+` included, but never decoded twice.
    expect(redactUrl('/x?api%2Dtoken=a&API%5fTOKEN=b&api+token=c&api%252Dtoken=d')).toBe(
      '/x?api%2Dtoken=[Redacted]&API%5fTOKEN=[Redacted]&api+token=[Redacted]&api%252Dtoken=d',
    );
    expect(isSecretQueryName('api%2Dtoken')).toBe(false);
  });
});
