import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import Redis, { Command, RedisOptions } from 'ioredis';
import { RareWarning } from '@app/common';
import { type MessagingConfig, messagingConfig } from '../messaging.config';

/** Longest wait for Redis at start-up; after it the process starts anyway and Redis joins when it can. */
const STARTUP_WAIT_MS = 1500;
/** One warning per outage at most this often, not one per failed command. */
/** Reconnect after 100 ms, 200 ms, … at most every 2 s, for as long as the process runs. */
const retryStrategy = (attempt: number) => Math.min(100 * attempt, 2000);

/** A command Redis did not answer within REDIS_COMMAND_TIMEOUT_MS (what the breaker counts). */
export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis command timed out after ${ms} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/** A command refused at once because the Redis breaker is open. */
export class RedisBreakerOpenError extends Error {
  constructor() {
    super('Redis breaker open (Redis did not answer in time)');
    this.name = 'RedisBreakerOpenError';
  }
}

/**
 * The command connection's options: fail fast instead of hanging a request. No offline queue (a command while
 * disconnected fails at once), no per-command retries, a short connect time-out (the command time-out and the
 * breaker are `RedisConnections`' own, see `guardCommands`); the client keeps
 * reconnecting in the background. Commands issued in the same tick by concurrent requests (ban look-ups,
 * rate-limit scripts, short-link reads) go out as one pipeline: far fewer writes and reads under load, same
 * answers. Keys carry REDIS_KEY_PREFIX (channel names do not: `prefix()` them).
 */
function commandOptions(keyPrefix: string): RedisOptions {
  return {
    keyPrefix,
    lazyConnect: true,
    enableAutoPipelining: true,
    // The redirector's cache misses of a tick already go out as one MGET: wrapping it in a pipeline of one cost
    // 4 % of the standalone redirector's busy CPU over 1,000,000 codes (profile), for nothing.
    autoPipeliningIgnoredCommands: ['mget'],
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    disconnectTimeout: 200,
    retryStrategy,
  };
}

/**
 * The subscriber's options: it keeps an offline queue (its SUBSCRIBE waits for the connection, and ioredis
 * subscribes again after every reconnect). It never serves a request, so it cannot slow one down.
 */
const SUBSCRIBER_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 1000,
  disconnectTimeout: 200,
  retryStrategy,
};

/**
 * The process's Redis, when REDIS_URL is set: ONE command connection (`client`, shared by the rate limits, the
 * failed-auth counts, the bans and the short-link cache) and ONE subscriber connection (`subscriber()`, made on
 * first use, for the publish/subscribe port). Without REDIS_URL both are null and every user keeps its state in
 * process. `ready` says whether commands can be sent right now: callers fall back to in-process state when it is
 * false or a command fails, so a Redis outage never fails a request. Both connections close on shutdown.
 *
 * A Redis that hangs (accepts connections, never answers: stopped, swapping, a blocked script) is cut off too:
 * every command has REDIS_COMMAND_TIMEOUT_MS, and REDIS_BREAKER_TIMEOUTS time-outs in a row open a breaker
 * (cockatiel) during which `ready` is false and commands are refused at once, so callers use in-process state
 * without waiting; a PING every REDIS_BREAKER_HALF_OPEN_MS (never a request's command) tests Redis, and its answer
 * closes the breaker.
 */
@Injectable()
export class RedisConnections implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RedisConnections.name);
  /** The command connection, or null without REDIS_URL. */
  readonly client: Redis | null;
  private subscriberConnection: Redis | null = null;
  private readonly warning = new RareWarning(this.logger);
  private closed = false;
  /** Opens on REDIS_BREAKER_TIMEOUTS command time-outs in a row; other failures (refused, closed) do not count. */
  private readonly breaker;
  /** The PINGs that test an open breaker: the only commands sent while it is open. */
  private readonly probes = new WeakSet<Command>();
  private probeTimer: NodeJS.Timeout | null = null;
  /** Time-outs since the last answer (what the breaker is told besides them: the answer that ends a run). */
  private timeoutsSinceAnswer = 0;

  constructor(@Inject(messagingConfig.KEY) private readonly config: MessagingConfig) {
    this.client = config.REDIS_URL ? new Redis(config.REDIS_URL, commandOptions(config.REDIS_KEY_PREFIX)) : null;
    this.breaker = circuitBreaker(
      handleWhen((error) => error instanceof RedisTimeoutError),
      {
        halfOpenAfter: config.REDIS_BREAKER_HALF_OPEN_MS,
        breaker: new ConsecutiveBreaker(config.REDIS_BREAKER_TIMEOUTS),
      },
    );
    this.breaker.onBreak(() => {
      this.warn('Redis', new RedisTimeoutError(config.REDIS_COMMAND_TIMEOUT_MS));
      this.scheduleProbe();
    });
    this.breaker.onReset(() => {
      this.warning.reset();
      if (!this.closed) this.logger.log('Redis answers again: its breaker is closed');
    });
    if (this.client) this.guardCommands(this.client);
    this.client?.on('error', (error: Error) => this.warn('Redis connection', error));
    this.client?.on('ready', () => {
      this.warning.reset();
      this.logger.log('Redis is ready: limits, failure counts, bans and the short-link cache are shared');
    });
  }

  /** Whether REDIS_URL is set. */
  get enabled(): boolean {
    return this.client !== null;
  }

  /** Whether commands can be sent now: connected, and the breaker closed. */
  get ready(): boolean {
    return this.client?.status === 'ready' && this.breaker.state === CircuitState.Closed;
  }

  /** Whether the breaker is open (or testing Redis): Redis hung recently, everything runs in process. */
  get breakerOpen(): boolean {
    return this.breaker.state !== CircuitState.Closed;
  }

  /**
   * Every command of the connection (autopipelined ones too: a pipeline sends each through `sendCommand`) gets the
   * time-out, and the breaker is told of its time-out. Commands of the connection handshake (sent before `ready`) pass as they
   * are. The time-out is checked on the turn after the timer's, so a reply that arrived while this process was
   * busy (a long GC or a CPU-heavy request) is read first and not counted as a hang.
   */
  private guardCommands(client: Redis): void {
    const send = client.sendCommand.bind(client) as (command: Command, stream?: unknown) => unknown;
    const timeoutMs = this.config.REDIS_COMMAND_TIMEOUT_MS;
    (client as unknown as { sendCommand: typeof send }).sendCommand = (command, stream) => {
      if (client.status !== 'ready') return send(command, stream);
      if (this.breaker.state !== CircuitState.Closed && !this.probes.has(command)) {
        command.reject(new RedisBreakerOpenError());
        return command.promise;
      }
      const sent = send(command, stream);
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (command.isResolved) return;
            const timedOut = new RedisTimeoutError(timeoutMs);
            command.reject(timedOut);
            this.tell(timedOut);
          }),
        timeoutMs,
      );
      command.promise.then(
        () => {
          clearTimeout(timer);
          // The breaker counts time-outs in a row: only an answer after a time-out, or a probe's (which closes an
          // open breaker), changes its state, so only those are told. Sending every command through the breaker
          // cost each a promise chain of its own (profiled) for an answer that told it nothing new.
          if (this.timeoutsSinceAnswer > 0 || this.probes.has(command)) this.tell(null);
        },
        () => clearTimeout(timer),
      );
      return sent;
    };
  }

  /** Tells the breaker one command's outcome: a time-out, or (null) an answer. */
  private tell(timedOut: RedisTimeoutError | null): void {
    this.timeoutsSinceAnswer = timedOut ? this.timeoutsSinceAnswer + 1 : 0;
    this.breaker.execute(() => (timedOut ? Promise.reject(timedOut) : Promise.resolve())).catch(() => undefined);
  }

  /** While the breaker is open: a PING after REDIS_BREAKER_HALF_OPEN_MS; its answer closes the breaker. */
  private scheduleProbe(): void {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      const client = this.client;
      if (!client || this.closed || this.breaker.state === CircuitState.Closed) return;
      if (client.status === 'ready') {
        const ping = new Command('ping', [], { replyEncoding: 'utf8' });
        this.probes.add(ping);
        client.sendCommand(ping);
        // A PING sent a hair early (the timer fired before the breaker's half-open time) leaves it open: try again.
        ping.promise.then(
          () => this.breakerOpen && this.scheduleProbe(),
          () => this.scheduleProbe(),
        );
      } else {
        this.scheduleProbe();
      }
    }, this.config.REDIS_BREAKER_HALF_OPEN_MS + 10);
    this.probeTimer.unref();
  }

  /** A key or channel name under REDIS_KEY_PREFIX (the client adds it to keys itself; channels need this). */
  prefix(name: string): string {
    return this.config.REDIS_KEY_PREFIX + name;
  }

  /**
   * The subscriber connection, made (not connected: the caller connects it) on the first call; null without
   * REDIS_URL or after shutdown.
   */
  subscriber(): Redis | null {
    if (!this.config.REDIS_URL || this.closed) return null;
    if (!this.subscriberConnection) {
      this.subscriberConnection = new Redis(this.config.REDIS_URL, SUBSCRIBER_OPTIONS);
      this.subscriberConnection.on('error', (error: Error) => this.warn('Redis subscriber', error));
    }
    return this.subscriberConnection;
  }

  async onModuleInit(): Promise<void> {
    if (!this.client) return;
    const connected = this.client.connect().then(
      () => true,
      () => false,
    );
    const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STARTUP_WAIT_MS).unref());
    if (!(await Promise.race([connected, timedOut]))) {
      this.logger.warn(
        'Redis is not reachable at start-up: rate limits, failure counts and caches are per instance until it is back',
      );
    }
  }

  /** Logs a Redis problem, at most once a minute so an outage does not flood the logs. */
  warn(what: string, error: unknown): void {
    if (this.closed) return;
    this.warning.warn(
      `${what} failed (${(error as Error)?.message ?? String(error)}); using in-process state meanwhile`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    await Promise.all(
      [this.client, this.subscriberConnection].map(async (connection) => {
        if (!connection) return;
        if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
        else connection.disconnect();
      }),
    );
  }
}
