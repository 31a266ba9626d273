import { itReturnsEach } from '../testing/returns-each';
import { isSecretQueryName, isSecretQueryValue, redactUrl } from './secret-query';

describe('secret query names', () => {
  itReturnsEach(isSecretQueryName, [
    ['api_key', true],
    ['api_token', true],
    ['apikey', true],
    ['apitoken', true],
    ['Api-Token', true],
    ['x-api-token', true],
    ['X_API_KEY', true],
    ['apiToken', true],
    ['key', true],
    ['token', true],
    ['access_token', true],
    ['password', true],
    ['secret', true],
    ['api_token[]', true],
    ['pwd', true],
    ['pass', true],
    ['passwd', true],
    ['Pass-Phrase', true],
    ['credentials', true],
    ['credential', true],
    ['client_secret', true],
    ['secret_key', true],
    ['jwt', true],
    ['email', false],
    ['page', false],
    ['mode', false],
    ['keyword', false],
    ['tokens_used', false],
    ['q', false],
    ['passenger', false],
    ['domain', false],
    ['code', false],
  ]);

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

  itReturnsEach(isSecretQueryValue, [
    [key, true],
    [token, true],
    [`Bearer ${token}`, true],
    [`${key}:${token}`, true],
    [`x ${key.slice(0, 19)}`, true],
    ['sk_AbCd…wXyZ', false],
    ['tok_short', false],
    ['task_1234567890abcdefghij', false],
    ['mytok_1234567890abcdefghij', false],
    ['hello', false],
    ['', false],
  ]);

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
