import { unescape } from 'node:querystring';

/**
 * Query parameter names that carry secrets, in their normal form (see `normalName`). The one list: requests
 * naming any of them are refused (`checkRequestInput`), and their values are masked in every logged URL
 * (`redactUrl`). Secrets in URLs end up in logs, proxies and browser history: they travel in headers or bodies.
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
  'currentpassword',
  'newpassword',
  'secret',
  'clientsecret',
  'appsecret',
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

/** A raw query name decoded as Express's query parser (node:querystring) decodes it: `+` is a space. */
function decodedName(raw: string): string {
  return unescape(raw.replace(/\+/g, ' '));
}

/** A request URL with the value of every secret-bearing query parameter replaced by `[Redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretQueryName(decodedName(name)) ? `${name}=[Redacted]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}
