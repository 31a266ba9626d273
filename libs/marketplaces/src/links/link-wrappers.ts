import { paramValue } from './query-filter';
import { embeddedWebUrl, normalizeHostname } from './url-helpers';

/**
 * A redirect wrapper that a site puts around every outgoing link, with the target in a query parameter. A wrapped
 * marketplace link found in text is converted as the link it wraps, and the whole wrapper is replaced by the
 * result (see docs/api.md, "Wrapped links").
 */
export interface LinkWrapper {
  /** Who wraps, for the docs. */
  readonly name: string;
  /** Exact hosts (lower-case). */
  readonly hosts: readonly string[];
  /** Exact path. */
  readonly path: string;
  /** The query parameter holding the percent-encoded target. */
  readonly param: string;
}

export const LINK_WRAPPERS: readonly LinkWrapper[] = [
  // Facebook's link shim: `https://l.facebook.com/l.php?u=<percent-encoded target>&h=<signature>` (lm. on mobile).
  { name: 'Facebook', hosts: ['l.facebook.com', 'lm.facebook.com'], path: '/l.php', param: 'u' },
  // The same shim in Messenger (`l.messenger.com/l.php?u=…&h=…`) and Instagram (`l.instagram.com/?u=…&e=…`).
  { name: 'Messenger', hosts: ['l.messenger.com'], path: '/l.php', param: 'u' },
  { name: 'Instagram', hosts: ['l.instagram.com'], path: '/', param: 'u' },
];

const WRAPPER_BY_HOST: ReadonlyMap<string, LinkWrapper> = new Map(
  LINK_WRAPPERS.flatMap((wrapper) => wrapper.hosts.map((host) => [host, wrapper] as const)),
);

/** The http(s) link a wrapper URL carries, or null when `url` is no wrapper or carries no usable link. */
export function unwrapLink(url: URL): URL | null {
  const wrapper = WRAPPER_BY_HOST.get(normalizeHostname(url.hostname));
  if (!wrapper || url.pathname !== wrapper.path) return null;
  return embeddedWebUrl(paramValue(url.search, wrapper.param));
}
