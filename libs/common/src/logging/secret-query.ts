import { unescape } from 'node:querystring';

/**
 * Query parameter names that carry secrets, in their normal form (see `isSecretQueryName`). The one list: requests
 * naming any of them are refused (`queryProblem`), and their values are masked in every logged URL
 * (`redactUrl`). Secrets in URLs end up in logs, proxies and browser history: they travel in headers or bodies.
 * Besides our own names, the common password and credential names (`pwd`, `pass`, `credentials`...).
 */
const SECRET_QUERY_NAMES = new Set([
  'key',
  'apikey',
  'xapikey',
  'token',
  'apitoken',
  'xapitoken',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'bearer',
  'authorization',
  'auth',
  'csrftoken',
  'xcsrftoken',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'currentpassword',
  'newpassword',
  'oldpassword',
  'credential',
  'credentials',
  'creds',
  'secret',
  'secretkey',
  'privatekey',
  'accesskey',
  'apisecret',
  'clientsecret',
  'appsecret',
  'jwt',
  'session',
  'sessionid',
  'lcsid',
  'sid',
]);

/**
 * Whether a query parameter name, as the app sees it (percent-decoded, as in `req.query`), names a secret:
 * compared in lower case with letters and digits only, so `X-Api_Token[]` is `xapitoken`.
 */
export function isSecretQueryName(decodedName: string): boolean {
  return SECRET_QUERY_NAMES.has(decodedName.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * The prefixes of our own secrets: API keys `sk_` and API tokens `tok_` (`@app/credentials` builds them from
 * these). One definition for the credentials and for the query check below.
 */
export const SECRET_VALUE_PREFIXES = { apiKey: 'sk_', apiToken: 'tok_' } as const;

/**
 * A value shaped like one of our secrets, wherever it sits in the value (`tok_…`, `Bearer sk_…`): the prefix at
 * the start of a word and at least 16 base62 characters (a key has 32, a token 40; a shorter run is not a secret
 * any more, and `sk_AbCd…wXyZ` previews stay readable).
 */
const SECRET_VALUE = new RegExp(
  `(?:^|[^0-9A-Za-z_])(?:${Object.values(SECRET_VALUE_PREFIXES).join('|')})[0-9A-Za-z]{16}`,
);

/** Whether a query value, as the app sees it (percent-decoded), holds something shaped like our own secrets. */
export function isSecretQueryValue(decodedValue: string): boolean {
  return SECRET_VALUE.test(decodedValue);
}

/** A raw query name decoded as Express's query parser (node:querystring) decodes it: `+` is a space. */
function decodedName(raw: string): string {
  return unescape(raw.replace(/\+/g, ' '));
}

/**
 * A request URL with the value of every secret-bearing query parameter (by its name, or by a value shaped like our
 * secrets) replaced by `[Redacted]`.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return isSecretQueryValue(decodedName(pair)) ? '[Redacted]' : pair;
      const name = pair.slice(0, equals);
      const secret = isSecretQueryName(decodedName(name)) || isSecretQueryValue(decodedName(pair.slice(equals + 1)));
      return secret ? `${name}=[Redacted]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}
