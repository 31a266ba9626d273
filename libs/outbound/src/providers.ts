/** The outside services we call. */
export const OUTBOUND_PROVIDERS = ['tinyurl', 'isgd', 'vgd', 'bitly', 'cuttly', 'shopee', 'lazada'] as const;
export type OutboundProvider = (typeof OUTBOUND_PROVIDERS)[number];

/** Names for messages. */
export const PROVIDER_LABELS: Readonly<Record<OutboundProvider, string>> = {
  tinyurl: 'TinyURL',
  isgd: 'is.gd',
  vgd: 'v.gd',
  bitly: 'Bitly',
  cuttly: 'Cutt.ly',
  shopee: 'the Shopee Affiliate Open API',
  lazada: 'the Lazada Affiliate API',
};

/**
 * Concurrent connections each service allows one client (is.gd/v.gd: "at most 5 simultaneous connections";
 * Bitly: 5 concurrent per IP); `OUTBOUND_MAX_CONCURRENCY` can only lower these.
 */
export const PROVIDER_MAX_CONCURRENCY: Readonly<Record<OutboundProvider, number>> = {
  tinyurl: 5,
  isgd: 5,
  vgd: 5,
  bitly: 5,
  cuttly: 5,
  shopee: 10,
  lazada: 5,
};
