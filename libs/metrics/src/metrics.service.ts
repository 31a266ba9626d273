import { Inject, Injectable, Optional } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpDurationHistogram } from './http-duration-histogram';
import { metricsConfig, MetricsConfig } from './metrics.config';

/** The buffers whose pending rows `linkconv_buffer_pending_rows` reports. */
export type BufferName = 'clicks' | 'usage' | 'abuse_events';

/** `kind` of a failed authentication: wrong API credentials, or a failed login (or password check). */
export const AUTH_FAILURE_KINDS = ['api', 'login'] as const;

/** `domain_kind` of a redirect: our short host or a member's verified custom domain. */
export type DomainKind = 'own' | 'custom';

/**
 * `outcome` of a webhook attempt: `ok` (2xx), `http_error` (another status), `timeout` (no answer within
 * WEBHOOK_ATTEMPT_TIMEOUT_MS), `unreachable` (no connection), `refused` (the address policy refused the host).
 */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['ok', 'http_error', 'timeout', 'unreachable', 'refused'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];

/** The labels of `linkconv_redirects_total` by slot of `Metrics.countRedirect`. */
const REDIRECT_LABELS = [
  { domain_kind: 'own', bot: 'false' },
  { domain_kind: 'own', bot: 'true' },
  { domain_kind: 'custom', bot: 'false' },
  { domain_kind: 'custom', bot: 'true' },
] as const;

/**
 * Every Prometheus series of the service, in one registry per app (not prom-client's global one: the tests boot
 * several apps in one process). Names and labels are part of the contract (docs/operations.md): dashboards
 * rely on them. Gauges read their values when scraped (`collect`), so nothing is counted on a hot path twice.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new HttpDurationHistogram({
    name: 'linkconv_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly convertLinks = this.counter(
    'linkconv_convert_links_total',
    'Links converted by POST /api/convert, by mode, marketplace and outcome (ok or the per-link error code)',
    ['mode', 'marketplace', 'outcome'],
  );

  readonly resolverRequests = this.counter(
    'linkconv_resolver_requests_total',
    'Marketplace short links resolved over the network, by outcome (ok or the failure)',
    ['outcome'],
  );

  readonly upstreamRequests = this.counter(
    'linkconv_upstream_requests_total',
    'Calls to outside services (shorteners, affiliate APIs), by service and outcome (ok or the failure code)',
    ['service', 'outcome'],
  );

  readonly rateLimited = this.counter(
    'linkconv_rate_limited_total',
    'API calls refused with 429, by rate-limit policy',
    ['policy'],
  );

  readonly authFailures = this.counter(
    'linkconv_auth_failures_total',
    'Failed authentications, by kind: api (wrong API key or token) or login (failed login or password check)',
    ['kind'],
  );

  readonly webhookAttempts = this.counter(
    'linkconv_webhook_attempts_total',
    'Webhook delivery attempts, by outcome: ok (2xx), http_error, timeout, unreachable, refused (address policy)',
    ['outcome'],
  );

  /** From the event (its delivery written and queued) to the delivery's first attempt: the queue's delay. */
  readonly webhookFirstAttemptDelay = new Histogram({
    name: 'linkconv_webhook_first_attempt_delay_seconds',
    help: 'Time from a webhook event to the first attempt of its delivery',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    registers: [this.registry],
  });

  readonly ipBans = this.counter('linkconv_ip_bans_total', 'Addresses banned for too many wrong attempts');

  /** Redirects not yet handed to `redirects`, by `redirectSlot` (see `countRedirect`). */
  private readonly redirectCounts = [0, 0, 0, 0];

  /** Counted with `countRedirect` (plain numbers on the redirect path), added to the counter when scraped. */
  readonly redirects = new Counter({
    name: 'linkconv_redirects_total',
    help: 'Short-link redirects (302), by domain kind (own or custom) and whether the client looked like a bot',
    labelNames: ['domain_kind', 'bot'] as const,
    registers: [this.registry],
    collect: () => this.collectRedirects(),
  });

  private readonly circuitSources: Array<() => Array<[string, boolean]>> = [];
  private readonly bufferSources = new Map<BufferName, () => number>();

  /** METRICS_ENABLED: when false, nothing is counted on the request paths (and `/metrics` is a 404). */
  readonly enabled: boolean;

  constructor(@Optional() @Inject(metricsConfig.KEY) config?: MetricsConfig) {
    this.enabled = config?.METRICS_ENABLED ?? true;
    const circuitSources = this.circuitSources;
    const bufferSources = this.bufferSources;
    new Gauge({
      name: 'linkconv_upstream_circuit_open',
      help: 'Whether the circuit breaker of an outside service is open (1) or not (0), on this instance',
      labelNames: ['service'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const source of circuitSources)
          for (const [service, open] of source()) this.set({ service }, open ? 1 : 0);
      },
    });
    new Gauge({
      name: 'linkconv_buffer_pending_rows',
      help: 'Rows waiting in an in-process buffer to be written to the database (clicks, usage, abuse events)',
      labelNames: ['buffer'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [buffer, size] of bufferSources) this.set({ buffer }, size());
      },
    });
    // Both kinds from the start: a dashboard's rate() sees 0, not a missing series.
    for (const kind of AUTH_FAILURE_KINDS) this.authFailures.inc({ kind }, 0);
    for (const outcome of WEBHOOK_ATTEMPT_OUTCOMES) this.webhookAttempts.inc({ outcome }, 0);
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * One redirect answered: a number incremented (prom-client's `inc` with labels hashes them on every call, about
   * 0.5 µs of a 30 µs redirect), handed to `linkconv_redirects_total` when the metrics are read.
   */
  countRedirect(domainKind: DomainKind, bot: boolean): void {
    this.redirectCounts[(domainKind === 'custom' ? 2 : 0) + (bot ? 1 : 0)] += 1;
  }

  private collectRedirects(): void {
    const counts = this.redirectCounts;
    for (let slot = 0; slot < counts.length; slot += 1) {
      if (counts[slot] === 0) continue;
      this.redirects.inc(REDIRECT_LABELS[slot], counts[slot]);
      counts[slot] = 0;
    }
  }

  /** A buffer reports its size when the metrics are scraped. */
  watchBuffer(buffer: BufferName, size: () => number): void {
    this.bufferSources.set(buffer, size);
  }

  /** The outside services report their breakers when the metrics are scraped. */
  watchCircuits(source: () => Array<[string, boolean]>): void {
    this.circuitSources.push(source);
  }

  /** The text exposition format. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** A counter of this registry. */
  private counter<Label extends string>(name: string, help: string, labelNames?: readonly Label[]): Counter<Label> {
    return new Counter({ name, help, ...(labelNames && { labelNames }), registers: [this.registry] });
  }
}
