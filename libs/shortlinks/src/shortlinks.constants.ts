/**
 * The short-code alphabet: nanoid-dictionary's `nolookalikes`, letters and digits without look-alikes (no
 * 0/O/o, 1/l/I, 2/Z, 5/S/s, u/v), 49 characters, so a code read off a photo is typed right.
 * 49^7 ≈ 6.8·10^11 codes of 7 characters.
 */
export const SHORT_CODE_ALPHABET = '346789ABCDEFGHJKLMNPQRTUVWXYabcdefghijkmnpqrtwxyz';

/** The `domain` of the links on our own short domain (SHORT_LINK_BASE_URL), whatever its host is. */
export const OWN_DOMAIN = '';

/** What a request path may hold as a code: anything else is a 404 without a lookup. */
export const CODE_SHAPE = /^[A-Za-z0-9]{1,32}$/;

/** Longest target we shorten (a URL in a browser's address bar stays well under it). */
export const MAX_TARGET_LENGTH = 2048;

/** Custom domains one member may add. */
export const MAX_CUSTOM_DOMAINS_PER_MEMBER = 5;

/** The DNS name that proves ownership of a custom domain: `_linkconv.<domain>`. */
export const TXT_RECORD_PREFIX = '_linkconv.';

/** How long the redirector trusts its in-memory set of verified custom domains, in ms. */
export const HOST_CACHE_TTL_MS = 60_000;

/** A host not in that set reloads it when the set is older than this, in ms (at most one query per period). */
export const UNKNOWN_HOST_RELOAD_MS = 5_000;

/** How long an unknown code is remembered as unknown, in ms (a code created meanwhile is rare: codes are random). */
export const MISSING_CODE_TTL_MS = 30_000;

/** Unknown codes remembered at once (in a cache of their own, so a flood of them never evicts a known code). */
export const MISSING_CODE_CACHE_MAX = 50_000;

/** Most codes looked up in one query (or one Redis MGET) by the redirector's batched lookup. */
export const LOOKUP_BATCH_MAX = 500;

/** Lookup batches out at once (Redis, then the database); misses arriving meanwhile wait for the next batch. */
export const LOOKUP_BATCHES_IN_FLIGHT = 2;
