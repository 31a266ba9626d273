import { configNamespace, int, matches, optional, settingsTable } from '@app/common';

/** Settings of Redis (the process's connections, the breaker) and of the messages between instances. */
export class MessagingConfig extends settingsTable({
  /**
   * `redis://…`: rate-limit counters, failed-auth counts, bans and the short-link cache shared by every instance (see
   * [Rate limits, IP bans and the abuse log](security.md#rate-limits-ip-bans-and-the-abuse-log)), and the messages
   * between instances; unset = in process (messages over PostgreSQL LISTEN/NOTIFY with `DATABASE_URL`).
   */
  REDIS_URL: optional(matches(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')),

  /** Prefix of every Redis key and channel of the service. */
  REDIS_KEY_PREFIX: matches(/^[A-Za-z0-9:_.-]{0,64}$/, 'must be up to 64 of [A-Za-z0-9:_.-]').default('linkconv:'),

  /**
   * Longest wait for a Redis reply before the command fails and the caller falls back to in-process state (the
   * local rate limits and ban cache). Counted only while the event loop runs: a reply that arrived during a stall of
   * this process is not a time-out.
   */
  REDIS_COMMAND_TIMEOUT_MS: int(50, 10, 10_000),

  /**
   * Consecutive command time-outs that open the Redis breaker: while it is open no request waits on Redis (every
   * user of it works in process, as when Redis is down) and one PING every `REDIS_BREAKER_HALF_OPEN_MS` tests it.
   */
  REDIS_BREAKER_TIMEOUTS: int(3, 1, 1000),

  /** How long the Redis breaker stays open before a PING tests Redis again (the breaker closes on its answer). */
  REDIS_BREAKER_HALF_OPEN_MS: int(1000, 50, 600_000),
}) {}

export const messagingConfig = configNamespace('messaging', MessagingConfig);
