import { OUTBOUND_PROVIDERS, OutboundProvider, PROVIDER_MAX_CONCURRENCY } from './providers';
import type { OutboundConfig } from './outbound.config';

export const OUTBOUND_OPTIONS = Symbol('OUTBOUND_OPTIONS');

export interface OutboundOptions {
  connectTimeoutMs: number;
  /** One attempt, from sending to the last byte of the answer. */
  attemptTimeoutMs: number;
  /** All outside calls of one convert request. */
  requestBudgetMs: number;
  maxRetries: number;
  retryBaseMs: number;
  concurrency: Readonly<Record<OutboundProvider, number>>;
  breakerFailureThreshold: number;
  breakerCooldownMs: number;
  cacheTtlMs: number;
  /** Largest answer read from a service; a bigger one is an unreadable answer. */
  maxBodyBytes: number;
  urls: {
    tinyurl: string;
    tinyurlApi: string;
    isgd: string;
    vgd: string;
    bitly: string;
    cuttly: string;
    /** With `{region}`. */
    shopee: string;
    /** With `{region}`. */
    lazada: string;
  };
  tinyurlApiToken: string | null;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function outboundOptionsFrom(config: OutboundConfig): OutboundOptions {
  const concurrency = Object.fromEntries(
    OUTBOUND_PROVIDERS.map((provider) => [
      provider,
      Math.min(PROVIDER_MAX_CONCURRENCY[provider], config.OUTBOUND_MAX_CONCURRENCY),
    ]),
  ) as Record<OutboundProvider, number>;
  return {
    connectTimeoutMs: config.OUTBOUND_CONNECT_TIMEOUT_MS,
    attemptTimeoutMs: config.OUTBOUND_TIMEOUT_MS,
    requestBudgetMs: config.OUTBOUND_REQUEST_BUDGET_MS,
    maxRetries: config.OUTBOUND_MAX_RETRIES,
    retryBaseMs: config.OUTBOUND_RETRY_BASE_MS,
    concurrency,
    breakerFailureThreshold: config.OUTBOUND_BREAKER_FAILURE_THRESHOLD,
    breakerCooldownMs: config.OUTBOUND_BREAKER_COOLDOWN_MS,
    cacheTtlMs: config.OUTBOUND_CACHE_TTL_SECONDS * 1000,
    maxBodyBytes: 64 * 1024,
    urls: {
      tinyurl: trimSlash(config.TINYURL_BASE_URL),
      tinyurlApi: trimSlash(config.TINYURL_API_BASE_URL),
      isgd: trimSlash(config.ISGD_BASE_URL),
      vgd: trimSlash(config.VGD_BASE_URL),
      bitly: trimSlash(config.BITLY_BASE_URL),
      cuttly: trimSlash(config.CUTTLY_BASE_URL),
      shopee: config.SHOPEE_OPEN_API_URL,
      lazada: trimSlash(config.LAZADA_API_URL),
    },
    tinyurlApiToken: config.TINYURL_API_TOKEN ?? null,
  };
}
