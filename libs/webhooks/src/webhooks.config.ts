import { configNamespace, IntSetting } from '@app/common';

/** Settings of the webhooks: the attempts' time-out, the retry schedule, when a failing endpoint is disabled. */
export class WebhooksConfig {
  /** One delivery attempt's time-out (connect, answer and body), after which it counts as failed. */
  @IntSetting(100, 60_000)
  WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;

  /**
   * The wait before the first retry; each next wait is four times longer, at most 10 hours. With the defaults
   * (5 s, 10 attempts) the retries span about 27 hours: 5 s, 20 s, 80 s, 5 min, 21 min, 85 min, 5.7 h, 10 h, 10 h.
   */
  @IntSetting(100, 3_600_000)
  WEBHOOK_RETRY_BASE_MS = 5_000;

  /** Attempts of one delivery (the first included); after the last failure the delivery is `failed`. */
  @IntSetting(1, 20)
  WEBHOOK_MAX_ATTEMPTS = 10;

  /** An endpoint whose deliveries have failed without a success for this long is disabled (the member is told). */
  @IntSetting(1, 2_400)
  WEBHOOK_DISABLE_AFTER_HOURS = 120;

  /** Days a delivery stays in the endpoint's log (older ones are deleted with the hourly prune). */
  @IntSetting(1, 3650)
  WEBHOOK_LOG_RETENTION_DAYS = 30;

  /** Endpoints one member may have. */
  @IntSetting(1, 100)
  WEBHOOK_ENDPOINTS_PER_MEMBER = 10;

  /**
   * How often each instance looks for pending deliveries whose queued job is gone (a restored or moved database:
   * pg-boss's schema is not in backups) and queues them again; also done when the queue starts.
   */
  @IntSetting(1_000, 86_400_000)
  WEBHOOK_REQUEUE_INTERVAL_MS = 600_000;

  /**
   * How often each instance re-reads which members have endpoints (a member's first endpoint, made on another
   * instance, is heard of within this time; the instance that made it knows at once).
   */
  @IntSetting(1_000, 3_600_000)
  WEBHOOK_SUBSCRIBERS_REFRESH_MS = 30_000;
}

export const webhooksConfig = configNamespace('webhooks', WebhooksConfig);

/** The wait before attempt `attempt + 1` after `attempt` failed (1-based): base × 4^(attempt−1), at most 10 h. */
export function retryDelayMs(config: Pick<WebhooksConfig, 'WEBHOOK_RETRY_BASE_MS'>, attempt: number): number {
  return Math.min(config.WEBHOOK_RETRY_BASE_MS * 4 ** (attempt - 1), 10 * 3_600_000);
}
