import { configNamespace, int, settingsTable } from '@app/common';

/** Settings of the webhooks: the attempts' time-out, the retry schedule, when a failing endpoint is disabled. */
export class WebhooksConfig extends settingsTable({
  /** One delivery attempt's time-out (connect, answer and body), after which it counts as failed. */
  WEBHOOK_ATTEMPT_TIMEOUT_MS: int(10_000, 100, 60_000),

  /**
   * The wait before the first retry; each next wait is four times longer, at most 10 hours. With the defaults
   * (5 s, 10 attempts) the retries span about 27 hours: 5 s, 20 s, 80 s, 5 min, 21 min, 85 min, 5.7 h, 10 h, 10 h.
   */
  WEBHOOK_RETRY_BASE_MS: int(5_000, 100, 3_600_000),

  /** Attempts of one delivery (the first included); after the last failure the delivery is `failed`. */
  WEBHOOK_MAX_ATTEMPTS: int(10, 1, 20),

  /** An endpoint whose deliveries have failed without a success for this long is disabled (the member is told). */
  WEBHOOK_DISABLE_AFTER_HOURS: int(120, 1, 2_400),

  /** Days a delivery stays in the endpoint's log (older ones are deleted with the hourly prune). */
  WEBHOOK_LOG_RETENTION_DAYS: int(30, 1, 3650),

  /** Endpoints one member may have. */
  WEBHOOK_ENDPOINTS_PER_MEMBER: int(10, 1, 100),

  /**
   * How often each instance looks for pending deliveries whose queued job is gone (a restored or moved database:
   * pg-boss's schema is not in backups) and queues them again; also done when the queue starts.
   */
  WEBHOOK_REQUEUE_INTERVAL_MS: int(600_000, 1_000, 86_400_000),

  /**
   * How often each instance re-reads which members have endpoints (a member's first endpoint, made on another
   * instance, is heard of within this time; the instance that made it knows at once).
   */
  WEBHOOK_SUBSCRIBERS_REFRESH_MS: int(30_000, 1_000, 3_600_000),
}) {}

export const webhooksConfig = configNamespace('webhooks', WebhooksConfig);

/** The wait before attempt `attempt + 1` after `attempt` failed (1-based): base × 4^(attempt−1), at most 10 h. */
export function retryDelayMs(config: Pick<WebhooksConfig, 'WEBHOOK_RETRY_BASE_MS'>, attempt: number): number {
  return Math.min(config.WEBHOOK_RETRY_BASE_MS * 4 ** (attempt - 1), 10 * 3_600_000);
}
