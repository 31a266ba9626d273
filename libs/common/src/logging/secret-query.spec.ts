import { isSecretQueryName, isSecretQueryValue, redactUrl } from './secret-query';

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
    'pwd',
    'pass',
    'passwd',
    'Pass-Phrase',
    'credentials',
    'credential',
    'client_secret',
    'secret_key',
    'jwt',
  ])('%s is one', (name) => {
    expect(isSecretQueryName(name)).toBe(true);
  });

  it.each(['email', 'page', 'mode', 'keyword', 'tokens_used', 'q', 'passenger', 'domain', 'code'])(
    '%s is not one',
    (name) => {
      expect(isSecretQueryName(name)).toBe(false);
    },
  );

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

describe('secret-looking query values', () => {
  const key = `sk_${'A1b2C3d4'.repeat(4)}`;
  const token = `tok_${'Z9y8X7w6'.repeat(5)}`;

  it.each([key, token, `Bearer ${token}`, `${key}:${token}`, `x ${key.slice(0, 19)}`])('%s is one', (value) => {
    expect(isSecretQueryValue(value)).toBe(true);
  });

  it.each(['sk_AbCd…wXyZ', 'tok_short', 'task_1234567890abcdefghij', 'mytok_1234567890abcdefghij', 'hello', ''])(
    '%s is not one',
    (value) => {
      expect(isSecretQueryValue(value)).toBe(false);
    },
  );

  it('masks them whatever the name, percent-encoded or not, and a bare one', () => {
    expect(redactUrl(`/health?t=${token}&x=1&q=${encodeURIComponent(`Bearer ${key}`)}`)).toBe(
      '/health?t=[Redacted]&x=1&q=[Redacted]',
    );
    expect(redactUrl(`/x?t=tok%5F${token.slice(4)}&${key}`)).toBe('/x?t=[Redacted]&[Redacted]');
    expect(redactUrl('/x?pwd=hunter2&pass=a&credentials=b&page=2')).toBe(
      '/x?pwd=[Redacted]&pass=[Redacted]&credentials=[Redacted]&page=2',
    );
  });
});
